/**
 * PostgreSQL error codes we react to (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 * SQLite's errors carry the same codes as `sqlState` (sqlite/sqlite-errors.ts).
 */
const UNIQUE_VIOLATION = '23505';
/** Text PostgreSQL cannot store: a NUL character (22021), or one the encoding lacks (22P05). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

interface PgLikeError {
  code?: unknown;
  sqlState?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

interface DriverError {
  code: string;
  constraint?: unknown;
}

/**
 * The driver's error, however wrapped (`cause`): node-postgres's `code` and `constraint`, or
 * SQLite's translated to them (sqlite/sqlite-errors.ts).
 */
function driverError(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgLikeError;
    if (typeof candidate.sqlState === 'string') {
      return { code: candidate.sqlState, constraint: candidate.constraint };
    }
    if (typeof candidate.code === 'string') {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error);
  if (found?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || found.constraint === constraint;
}

/** The text sent holds a character PostgreSQL cannot store (a NUL byte): the sender's to fix. */
export function isUnstorableText(error: unknown): boolean {
  const code = driverError(error)?.code;
  return typeof code === 'string' && UNSTORABLE_TEXT.has(code);
}
