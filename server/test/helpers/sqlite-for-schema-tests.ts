/**
 * A Kysely instance over a SQLite file through `node:sqlite`, enough for the schema tests: it
 * runs the migrations and reads the catalog, and converts no values. It stands in for the app's
 * SQLite dialect (server/src/db/sqlite/) until that lands, and should then give way to it.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { Kysely, SqliteAdapter, SqliteDialect, type SqliteDatabase } from 'kysely';

/**
 * SQLite runs DDL inside a transaction like any statement; Kysely's adapter says it cannot, and
 * its migrator would then apply a migration outside one, leaving half a migration after a crash.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class NodeSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

function overNodeSqlite(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(text) {
      const statement = database.prepare(text);
      const args = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...args(parameters)),
        run: (parameters) => statement.run(...args(parameters)),
        iterate: (parameters) => statement.iterate(...args(parameters)),
      };
    },
  };
}

/** Opens (creating it if need be) the SQLite database at `path`, its foreign keys enforced. */
export function openSqliteForSchemaTests(path: string): Kysely<unknown> {
  const database = new DatabaseSync(path);
  database.exec('PRAGMA foreign_keys = ON');
  return new Kysely<unknown>({
    dialect: new NodeSqliteDialect({ database: overNodeSqlite(database) }),
  });
}
