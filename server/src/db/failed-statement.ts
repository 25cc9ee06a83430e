import type { LogEvent } from 'kysely';

/**
 * Kysely's `log`: a failed statement's error names the statement. Kysely throws the driver's
 * own error, which does not say which query failed; the log of a 500 keeps the SQL text (its
 * placeholders, never the values) by the error's `query` field, as Drizzle's errors carried it
 * (logging/loggable-error.ts). Successful statements pass through untouched.
 */
export function nameFailedStatement(event: LogEvent): void {
  if (event.level !== 'error') return;
  const { error } = event;
  if (error && typeof error === 'object' && !('query' in error)) {
    Object.assign(error, { query: event.query.sql });
  }
}
