/** PostgreSQL error codes we react to (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNIQUE_VIOLATION = '23505';
/** Text PostgreSQL cannot store: a NUL character (22021), or one the encoding lacks (22P05). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** Drizzle wraps driver errors in `cause`; pg and PGlite both expose `code` and `constraint`. */
function driverError(error: unknown): PgLikeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string') return candidate;
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
