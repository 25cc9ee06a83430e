/**
 * Kysely's connection over one node:sqlite database. Every Kysely query and transaction gets its
 * own connection object, all over the one SQLite connection; a write lock (write-lock.ts) lets one
 * statement, or one transaction from BEGIN to COMMIT, run at a time.
 *
 * Kysely's own SQLite driver holds its lock until a transaction's commit has returned, and a
 * commit returns here only once it is on the disk: the lock is given up as soon as COMMIT has
 * run instead, so that the next transactions run while the fsync covering this one is under way
 * (commit-durability.ts), and share the next.
 */
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import type { DatabaseSync } from 'node:sqlite';
import type { CommitDurability } from './commit-durability.ts';
import { rowOf, type PreparedSql, type StatementCache } from './statement-cache.ts';
import { withConstraintName } from './sqlite-errors.ts';
import { toSqliteValue } from './sqlite-values.ts';
import type { WriteLock } from './write-lock.ts';

export interface SharedSqlite {
  database: DatabaseSync;
  statements: StatementCache;
  lock: WriteLock;
  durability: CommitDurability;
}

export class SqliteConnection implements DatabaseConnection {
  readonly #shared: SharedSqlite;
  #holdsLock = false;
  #inTransaction = false;
  #wrote = false;

  constructor(shared: SharedSqlite) {
    this.#shared = shared;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    await this.#lock();
    let result: QueryResult<R>;
    let durable: Promise<void> | undefined;
    try {
      const prepared = this.#shared.statements.get(compiled.sql);
      try {
        result = run<R>(prepared, compiled.parameters);
      } catch (err) {
        throw withConstraintName(this.#shared.database, err);
      }
      if (prepared.changesSchema) this.#shared.statements.clear();
      if (this.#inTransaction) {
        this.#wrote ||= prepared.writes;
        return result;
      }
      // A statement on its own commits at once: acknowledged, like a transaction, once durable.
      durable = prepared.writes
        ? this.#shared.durability.committed()
        : this.#shared.durability.settled();
    } finally {
      if (!this.#inTransaction) this.#unlock();
    }
    await durable;
    return result;
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    await this.#lock();
    try {
      const prepared = this.#shared.statements.get(compiled.sql);
      if (prepared.writes) throw new Error('Only a select can be streamed from SQLite');
      for (const stored of prepared.statement.iterate(...params(compiled.parameters))) {
        yield { rows: [rowOf(prepared, stored as unknown as unknown[]) as R] };
      }
    } finally {
      if (!this.#inTransaction) this.#unlock();
    }
    if (!this.#inTransaction) await this.#shared.durability.settled();
  }

  /**
   * BEGIN IMMEDIATE takes the database's write lock at once: a deferred BEGIN would take it at
   * the first write, and two transactions that had both read could then wait on each other (one
   * fails with SQLITE_BUSY). Within this process the write lock already serialises them; this
   * keeps another process (a backup, the sqlite3 shell) from causing it.
   */
  async begin(): Promise<void> {
    await this.#lock();
    try {
      this.#shared.database.exec('BEGIN IMMEDIATE');
    } catch (err) {
      this.#unlock();
      throw err;
    }
    this.#inTransaction = true;
    this.#wrote = false;
  }

  /** Resolves once the transaction is on the disk; the next one may start before that. */
  async commit(): Promise<void> {
    // A failing COMMIT (a deferred foreign key, SQLITE_BUSY) leaves the transaction open and the
    // lock held: Kysely rolls back next.
    this.#shared.database.exec('COMMIT');
    this.#inTransaction = false;
    const durable = this.#wrote
      ? this.#shared.durability.committed()
      : this.#shared.durability.settled();
    this.#unlock();
    await durable;
  }

  async rollback(): Promise<void> {
    try {
      // Only a transaction still ours: once COMMIT has run, the connection may already be in the
      // next one's (Kysely rolls back when the wait for the disk fails). SQLite may also have
      // rolled back already (some errors end the transaction themselves).
      if (this.#inTransaction && this.#shared.database.isTransaction) {
        this.#shared.database.exec('ROLLBACK');
      }
    } finally {
      this.#inTransaction = false;
      this.#unlock();
    }
  }

  /** Kysely is done with this connection: a transaction it left open does not keep the lock. */
  async release(): Promise<void> {
    if (this.#inTransaction) await this.rollback();
    this.#unlock();
  }

  async #lock(): Promise<void> {
    if (this.#holdsLock) return;
    await this.#shared.lock.acquire();
    this.#holdsLock = true;
  }

  #unlock(): void {
    if (!this.#holdsLock) return;
    this.#holdsLock = false;
    this.#shared.lock.release();
  }
}

function run<R>(prepared: PreparedSql, parameters: readonly unknown[]): QueryResult<R> {
  if (prepared.returnsRows) {
    const stored = prepared.statement.all(...params(parameters)) as unknown as unknown[][];
    return { rows: stored.map((values) => rowOf(prepared, values) as R) };
  }
  const { changes, lastInsertRowid } = prepared.statement.run(...params(parameters));
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

function params(parameters: readonly unknown[]) {
  return parameters.map(toSqliteValue);
}
