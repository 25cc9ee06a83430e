/**
 * SQLite's errors in the shape the app reacts to on PostgreSQL (../pg-errors.ts), so that a
 * service decides "that slug is taken" once for both engines:
 *
 * - A unique violation gets PostgreSQL's code 23505 and the name of the index it broke. SQLite
 *   names an expression index ("UNIQUE constraint failed: index 'musicians_email_lower_key'") but
 *   only the columns of any other ("... failed: musicians.slug"); those are matched against the
 *   table's unique indexes (read once per failure: a rare path).
 * - A NUL character is refused before it is bound, as PostgreSQL refuses it (22021): SQLite would
 *   store it, and the same request must get the same answer on either engine.
 */
import type { DatabaseSync } from 'node:sqlite';

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const UNIQUE_VIOLATION = '23505';
const NUL_IN_TEXT = '22021';

interface SqliteError extends Error {
  errcode?: number;
  /** PostgreSQL's SQLSTATE, as node-postgres names it. */
  sqlState?: string;
  constraint?: string;
}

/** `error`, with `sqlState` and `constraint` added where SQLite's error is a unique violation. */
export function withConstraintName(database: DatabaseSync, error: unknown): unknown {
  const candidate = error as SqliteError;
  if (
    !(error instanceof Error) ||
    (candidate.errcode !== SQLITE_CONSTRAINT_UNIQUE &&
      candidate.errcode !== SQLITE_CONSTRAINT_PRIMARYKEY)
  ) {
    return error;
  }
  candidate.sqlState = UNIQUE_VIOLATION;
  const failed = /constraint failed: (.*)$/.exec(error.message)?.[1];
  if (!failed) return error;
  const named = /^index '([^']+)'$/.exec(failed);
  candidate.constraint = named ? named[1] : indexOnColumns(database, failed);
  return error;
}

/** The unique index of `table.a, table.b` (SQLite's wording), if exactly one covers them. */
function indexOnColumns(database: DatabaseSync, failed: string): string | undefined {
  const columns = failed.split(', ').map((qualified) => qualified.split('.'));
  const table = columns[0]?.[0];
  if (!table || columns.some(([owner]) => owner !== table)) return undefined;
  const wanted = columns.map(([, column]) => column).join(',');
  const indexes = database.prepare('select name, "unique" from pragma_index_list(?)').all(table);
  const matching = indexes
    .filter((index) => index.unique === 1)
    .map((index) => String(index.name))
    .filter((name) => {
      const names = database
        .prepare('select name from pragma_index_info(?) order by seqno')
        .all(name);
      return names.map((column) => column.name).join(',') === wanted;
    });
  // Two unique indexes on the same columns differ by their predicate: which one broke is unknown.
  return matching.length === 1 ? matching[0] : undefined;
}

/** Thrown for a text parameter holding a NUL character (see the file's comment). */
export class UnstorableTextError extends Error {
  readonly sqlState = NUL_IN_TEXT;
  constructor() {
    super('A text value holds a NUL character, which the database does not store');
    this.name = 'UnstorableTextError';
  }
}
