/**
 * What of an unexpected error may reach the log. A failed query's error carries the values it
 * was sent (Drizzle's message ends in "params: <email>,<password hash>,..."; PostgreSQL's
 * `detail` says "Key (email)=(x@y.z) already exists"; some messages quote the refused value),
 * and logs are read by people who must never see an audience member's email or a password
 * hash. So a database error is logged by its kind, code, constraint and SQL text (which holds
 * placeholders, never values) and nothing else; any other error keeps its message and stack,
 * with email-like text masked as a last line of defence.
 */
export interface LoggableError {
  kind: string;
  message?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The statement with its $1, $2 placeholders: which query failed, never with what. */
  sql?: string;
  stack?: string;
  cause?: LoggableError;
}

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  query?: unknown;
  params?: unknown;
  stack?: unknown;
  cause?: unknown;
  severity?: unknown;
}

const EMAIL = /[^\s"'(),;:<>=]+@[^\s"'(),;:<>=]+/g;
/** An SQLSTATE: five digits or upper-case letters, like 23505 or 22P02. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

const maskEmails = (text: string) => text.replace(EMAIL, '[email]');
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A Drizzle query error (has the failed query and its params) or a driver error (SQLSTATE). */
function isDatabaseError(error: ErrorFields): boolean {
  if (typeof error.query === 'string' && 'params' in error) return true;
  return typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error;
}

/** The stack's frames only: its first line repeats the message, which may hold values. */
function framesOnly(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

function kindOf(error: ErrorFields): string {
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  return text(constructorName) ?? text(error.name) ?? 'Error';
}

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!error || typeof error !== 'object') return { kind: typeof error };
  const fields = error as ErrorFields;
  const cause =
    depth < 3 && fields.cause && typeof fields.cause === 'object'
      ? loggableError(fields.cause, depth + 1)
      : undefined;
  if (isDatabaseError(fields)) {
    return {
      kind: kindOf(fields),
      code: text(fields.code),
      constraint: text(fields.constraint),
      table: text(fields.table),
      column: text(fields.column),
      sql: text(fields.query),
      stack: framesOnly(fields.stack),
      cause,
    };
  }
  const message = text(fields.message);
  const stack = text(fields.stack);
  return {
    kind: kindOf(fields),
    message: message && maskEmails(message),
    code: text(fields.code),
    stack: stack && maskEmails(stack),
    cause,
  };
}
