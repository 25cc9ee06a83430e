/**
 * What of an unexpected error may reach the log. A failed query's error carries the values it
 * was sent (PostgreSQL's `detail` says "Key (email)=(x@y.z) already exists"; some messages of
 * either engine quote the refused value, SQLite's trigger messages whatever the trigger said),
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
  /** node:sqlite's: SQLite's extended result code. */
  errcode?: unknown;
  /** PostgreSQL's code, given to a SQLite error that means the same (sqlite-errors.ts). */
  sqlState?: unknown;
  stack?: unknown;
  cause?: unknown;
  severity?: unknown;
}

const EMAIL = /[^\s"'(),;:<>=]+@[^\s"'(),;:<>=]+/g;
/** An SQLSTATE: five digits or upper-case letters, like 23505 or 22P02. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

const SQLITE_ERROR = 'ERR_SQLITE_ERROR';

const maskEmails = (text: string) => text.replace(EMAIL, '[email]');
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * A database error: one Kysely named by its failed statement (db/failed-statement.ts), or the
 * driver's own, PostgreSQL's (an SQLSTATE and a severity) or node:sqlite's.
 */
function isDatabaseError(error: ErrorFields): boolean {
  if (typeof error.query === 'string') return true;
  if (error.code === SQLITE_ERROR) return true;
  return typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error;
}

/** PostgreSQL's code, or SQLite's result code ("sqlite 1811"): what went wrong, never with what. */
function databaseCode(error: ErrorFields): string | undefined {
  if (error.code === SQLITE_ERROR) {
    return (
      text(error.sqlState) ??
      (typeof error.errcode === 'number' ? `sqlite ${error.errcode}` : undefined)
    );
  }
  return text(error.code);
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
      code: databaseCode(fields),
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
