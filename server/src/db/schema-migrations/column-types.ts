/**
 * The one place where a migration's logical column types and defaults become each engine's SQL,
 * so every migration is written once for both. The SQLite declared types are the ones the SQLite
 * driver converts by (a UUID, TIMESTAMPTZ or JSONB column is read back as PostgreSQL's would
 * be): see "Values" in the design of issue 44.
 */
import { type Expression, type RawBuilder, sql } from 'kysely';

export type Dialect = 'postgres' | 'sqlite';

export type LogicalType =
  | 'id'
  | 'timestamp'
  | 'boolean'
  | 'money'
  | 'integer'
  | 'double'
  | 'text'
  | 'bytes'
  | 'day'
  | 'json'
  | 'textArray';

const POSTGRES_TYPES: Record<LogicalType, string> = {
  id: 'uuid',
  timestamp: 'timestamptz',
  boolean: 'boolean',
  // Every amount of the product is money up to 500.00; one precision for all of them.
  money: 'numeric(10, 2)',
  integer: 'integer',
  double: 'double precision',
  text: 'text',
  bytes: 'bytea',
  day: 'date',
  json: 'jsonb',
  textArray: 'text[]',
};

const SQLITE_TYPES: Record<LogicalType, string> = {
  id: 'UUID',
  // Milliseconds since the epoch, an INTEGER.
  timestamp: 'TIMESTAMPTZ',
  boolean: 'BOOLEAN',
  // The scale in the declared type tells the driver to read 12.5 as '12.50', as node-postgres.
  money: 'NUMERIC(10, 2)',
  integer: 'INTEGER',
  double: 'REAL',
  text: 'TEXT',
  bytes: 'BLOB',
  day: 'DATE',
  json: 'JSONB',
  // SQLite has no arrays: a JSON array, which the driver parses as it does any JSONB.
  textArray: 'JSONB',
};

/** What each logical type is declared as, by engine (the schema test maps back through it). */
export const declaredTypes: Record<Dialect, Record<LogicalType, string>> = {
  postgres: POSTGRES_TYPES,
  sqlite: SQLITE_TYPES,
};

/**
 * A random version 4 UUID in SQLite's SQL, lower-case like PostgreSQL's gen_random_uuid():
 * random hex, the version nibble 4, and the variant nibble one of 8, 9, a, b.
 */
const SQLITE_RANDOM_UUID = `(lower(
  hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
  || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-'
  || hex(randomblob(6))))`;

export interface ColumnTypes {
  type(logical: LogicalType): RawBuilder<unknown>;
  /** Default of an id: a random v4 uuid. */
  newId: Expression<unknown>;
  /** Default of a timestamp: the time of the insert. */
  now: Expression<unknown>;
  /** The time of the insert in seconds since the epoch, with a fraction (requests.queue_rank). */
  nowInSeconds: Expression<unknown>;
  /** Default of a textArray column: no elements. */
  emptyTextArray: Expression<unknown>;
}

export function columnTypes(dialect: Dialect): ColumnTypes {
  const type = (logical: LogicalType) => sql.raw(declaredTypes[dialect][logical]);
  if (dialect === 'postgres') {
    return {
      type,
      newId: sql`gen_random_uuid()`,
      now: sql`now()`,
      // Not now(): the start of the transaction would give two requests of one the same rank.
      nowInSeconds: sql`extract(epoch from clock_timestamp())`,
      emptyTextArray: sql`'{}'::text[]`,
    };
  }
  // SQLite takes an expression as a default only in parentheses.
  return {
    type,
    newId: sql.raw(SQLITE_RANDOM_UUID.replace(/\s*\n\s*/g, ' ')),
    now: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
    nowInSeconds: sql`(unixepoch('subsec'))`,
    emptyTextArray: sql`'[]'`,
  };
}
