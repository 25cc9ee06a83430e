/**
 * The app's database: SQLite in the data folder (the default, one process) or PostgreSQL
 * (DATABASE_URL, one or several processes), behind one Kysely query layer (docs/architecture.md,
 * "The data layer").
 */
import { mkdir } from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { nameFailedStatement } from './failed-statement.ts';
import { kyselyOverPool } from './kysely-over-pool.ts';
import { type ImportLog, importPgliteFolder } from './pglite-import/import-pglite-folder.ts';
import { migrateToLatest } from './schema-migrations/migrate-to-latest.ts';
import {
  type CommitMode,
  openSqlite,
  type SqliteEngine,
  sqliteFileIn,
} from './sqlite/open-sqlite.ts';
import { createSqliteKysely } from './sqlite/sqlite-kysely.ts';
import type { DB } from './tables.ts';

type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  /** One query for SQLite and PostgreSQL (docs/architecture.md, "The data layer"). */
  kysely: Kysely<DB>;
  kind: DatabaseKind;
  /** What the connections hold right now, read at each scrape of GET /metrics. */
  stats(): DatabaseStats;
  ping(): Promise<void>;
  /**
   * Once the server has started, before it listens: what starting wrote is put away on this
   * thread, where nobody waits yet (SQLite's WAL checkpointed: wal-checkpointer.ts).
   */
  settle(): void;
  close(): Promise<void>;
}

export interface DatabaseStats {
  /**
   * Connections open, idle among them, and queries waiting for one: node-postgres's pool, or
   * SQLite's one connection and the statements waiting for its write lock.
   */
  pool: { total: number; idle: number; waiting: number };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * The embedded default: `DATA_DIR/songrequests.sqlite`; dataDir undefined keeps it in memory
   * (tests). `commits` as in sqlite/commit-durability.ts ('group' unless a test says otherwise).
   */
  | { kind: 'sqlite'; dataDir?: string; commits?: CommitMode };

/** What opening the database has to tell: a PGlite folder imported (import-pglite-folder.ts). */
export type DatabaseLog = ImportLog;
const quiet: DatabaseLog = { info: () => {}, warn: () => {} };

/** Opens the database and brings its schema up to date before anything uses it. */
export async function openDatabase(
  options: DatabaseOptions,
  log: DatabaseLog = quiet,
): Promise<Database> {
  return options.kind === 'sqlite'
    ? openSqliteDatabase(options.dataDir, options.commits, log)
    : openPostgres(options.url, options.poolSize ?? POOL_SIZE);
}

/**
 * SQLite in `dataDir`: one connection, one writer at a time, each commit acknowledged once it is
 * on the disk (sqlite/).
 */
async function openSqliteDatabase(
  dataDir: string | undefined,
  commits: CommitMode | undefined,
  log: DatabaseLog,
): Promise<Database> {
  // Before anything touches the folder: a second server on it must leave it as it found it.
  const lock = dataDir ? lockDataDir(dataDir, 'songrequests') : undefined;
  let kysely: Kysely<DB>;
  let engine: SqliteEngine;
  try {
    if (dataDir) {
      await mkdir(dataDir, { recursive: true });
      // A data folder of a release before SQLite: its database comes along, once.
      await importPgliteFolder(dataDir, log);
    }
    engine = openSqlite({ file: dataDir ? sqliteFileIn(dataDir) : ':memory:', commits });
    kysely = createSqliteKysely<DB>({ engine, log: nameFailedStatement });
  } catch (err) {
    lock?.release();
    throw err;
  }
  try {
    await migrateToLatest(kysely, 'sqlite');
  } catch (err) {
    await kysely.destroy();
    lock?.release();
    throw err;
  }
  // SQLite plans by the statistics ANALYZE keeps, and a database no one analyses is planned by
  // guesses. SQLite's advice for a long-lived connection: PRAGMA optimize as it opens (0x10002:
  // on every table that may need it) and then every few hours, which analyses only the tables
  // whose size changed enough since.
  const optimise = (mask = '') => sql.raw(`pragma optimize${mask}`).execute(kysely);
  await optimise('=0x10002');
  const optimiser = setInterval(() => void optimise().catch(() => {}), OPTIMISE_EVERY_MS);
  optimiser.unref();
  return {
    kysely,
    kind: 'sqlite',
    // One connection: idle while nothing holds its write lock.
    stats: () => ({
      pool: { total: 1, idle: engine.lock.held ? 0 : 1, waiting: engine.lock.waiting },
    }),
    ping: async () => void (await sql`select 1`.execute(kysely)),
    settle: () => engine.settle(),
    close: async () => {
      clearInterval(optimiser);
      await kysely.destroy();
      lock?.release();
    },
  };
}

const OPTIMISE_EVERY_MS = 60 * 60_000;

/** Connections a process keeps to PostgreSQL. */
const POOL_SIZE = 10;
/**
 * node-postgres closes a connection idle for 10 s by default. Then the next burst of requests
 * after a quiet moment opened new ones, and each new backend loads its catalog caches and
 * prepares the statements of a filing again: 3-5 ms to connect, then 16-22 ms for its first
 * filing against 5-7 ms for the next, here (measured when the rules were a function). The pool
 * keeps what it opened, at most POOL_SIZE connections; 0 turns the timer off.
 */
const KEEP_IDLE_CONNECTIONS = 0;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: KEEP_IDLE_CONNECTIONS,
  });
  // Idle clients can error when the server restarts; without a listener that kills the process.
  pool.on('error', () => {});
  // So can a client checked out for a transaction when its backend is terminated between two
  // statements: the query in flight still rejects (a 500 the phone retries), the process lives.
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = kyselyOverPool(pool);
  try {
    await migrateToLatest(kysely, 'postgres');
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    kysely,
    kind: 'postgres',
    stats: () => ({
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
    }),
    ping: async () => void (await pool.query('select 1')),
    settle: () => undefined,
    close: () => pool.end(),
  };
}
