import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

// Turns SQL templates into text and parameters; the app's tables need no casing or other config.
const dialect = new PgDialect();

/**
 * A raw statement built once, run many times: `sql` holds `sql.placeholder(name)` where values
 * go. Drizzle otherwise rebuilds a template's text on every call (tens of KB of short-lived
 * objects for the larger ones), which the hot paths (each audience request, each device's
 * connection) cannot afford; the name also lets node-postgres prepare it once per connection.
 * Answers as `db.execute` does: read the rows with rowsOf.
 */
export function preparedStatement(db: Db, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return (values: Record<string, unknown>): Promise<unknown> => prepared.execute(values);
}

/**
 * preparedStatement for a statement run inside transactions: built once, run on whichever
 * connection `db` (the database, or a transaction of it) holds.
 */
export function preparedQuery(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  return (db: Db, values: Record<string, unknown>): Promise<unknown> =>
    db._.session.prepareQuery(built, undefined, name, false).execute(values);
}
