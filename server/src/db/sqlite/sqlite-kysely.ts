/**
 * Kysely over node:sqlite: Kysely's SQLite query compiler, adapter and introspector, with a
 * driver of our own (Kysely's expects better-sqlite3) that converts values (sqlite-values.ts),
 * prepares each SQL text once (statement-cache.ts) and acknowledges a commit only once it is on
 * the disk (sqlite-connection.ts, commit-durability.ts).
 */
import {
  CamelCasePlugin,
  createQueryId,
  IdentifierNode,
  Kysely,
  RawNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type KyselyConfig,
  type KyselyPlugin,
  type QueryCompiler,
} from 'kysely';
import type { SqliteEngine } from './open-sqlite.ts';
import { SqliteConnection, type SharedSqlite } from './sqlite-connection.ts';
import { StatementCache } from './statement-cache.ts';

export interface SqliteKyselyOptions {
  /** Opened by openSqlite(); Kysely's destroy() closes it. */
  engine: SqliteEngine;
  /** Distinct SQL texts kept prepared (least recently used goes first). */
  statementCacheSize?: number;
  /** In addition to CamelCasePlugin (snake_case columns, camelCase rows), which is always on. */
  plugins?: KyselyPlugin[];
  /** Kysely's `log` (the app names a failed statement's error by its SQL: failed-statement.ts). */
  log?: KyselyConfig['log'];
}

export function createSqliteKysely<DB>(options: SqliteKyselyOptions): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new NodeSqliteDialect(options),
    plugins: [new CamelCasePlugin(), ...(options.plugins ?? [])],
    log: options.log,
  });
}

// Kysely takes a lock of its own around every connection when the adapter says the database has
// one connection; ours is taken inside the connection (sqlite-connection.ts), so that a
// transaction gives it up once COMMIT has run rather than once its commit is on the disk.
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }

  // SQLite's schema changes are transactional: Kysely's Migrator then runs the pending migrations
  // in one transaction, so one that fails leaves none of its statements behind. (Kysely says no
  // for SQLite; a migration that must change PRAGMA foreign_keys, which a transaction ignores,
  // runs with the Migrator's disableTransactions.)
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class NodeSqliteDialect implements Dialect {
  readonly #options: SqliteKyselyOptions;

  constructor(options: SqliteKyselyOptions) {
    this.#options = options;
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.#options);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new NodeSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

class NodeSqliteDriver implements Driver {
  readonly #engine: SqliteEngine;
  readonly #shared: SharedSqlite;

  constructor(options: SqliteKyselyOptions) {
    this.#engine = options.engine;
    this.#shared = {
      database: options.engine.database,
      statements: new StatementCache(options.engine.database, options.statementCacheSize ?? 500),
      lock: options.engine.lock,
      durability: options.engine.durability,
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteConnection(this.#shared);
  }

  // SQLite's transactions are serializable whatever is asked; a read-only one still takes the
  // write lock, which costs nothing here (one writer a process).
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).rollback();
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(savepointNode('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(
      compileQuery(savepointNode('rollback to', name), createQueryId()),
    );
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(savepointNode('release', name), createQueryId()));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).release();
  }

  async destroy(): Promise<void> {
    this.#shared.statements.clear();
    await this.#engine.close();
  }
}

/** `savepoint "name"` and its kin, the name quoted as an identifier (as Kysely's own drivers do). */
function savepointNode(command: string, name: string): RawNode {
  return RawNode.createWithChildren([
    RawNode.createWithSql(`${command} `),
    IdentifierNode.create(name),
  ]);
}
