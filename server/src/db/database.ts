import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { nameFailedStatement } from './failed-statement.ts';
import { kyselyOverPool } from './kysely-over-pool.ts';
import { type ImportLog, importPgliteFolder } from './pglite-import/import-pglite-folder.ts';
import { migrateToLatest } from './schema-migrations/migrate-to-latest.ts';
import { markSerialised } from './serialised-connections.ts';
import { PgliteConnection } from './pglite-connection.ts';
import {
  HOUSEKEEPING_TIMES,
  type HousekeepingTimes,
  startHousekeeping,
  vacuumDueTables,
} from './pglite-housekeeping.ts';
import { PgliteSession } from './pglite-session.ts';
import { type PgliteThread, startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';
import type { DB } from './tables.ts';
import {
  type CommitMode,
  openSqlite,
  type SqliteEngine,
  sqliteFileIn,
} from './sqlite/open-sqlite.ts';
import { createSqliteKysely } from './sqlite/sqlite-kysely.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type DatabaseKind = 'sqlite' | 'pglite' | 'postgres';

export interface Database {
  /** Drizzle: the queries not yet moved to Kysely (issue 44 moves them all). */
  db: Db;
  /** Kysely: one query for SQLite and PostgreSQL (docs/architecture.md, "One query layer"). */
  kysely: Kysely<DB>;
  kind: DatabaseKind;
  /**
   * Database sessions behind `db`: each prepares and compiles for itself (PostgreSQL's pool, one
   * backend a connection; PGlite's connections share its one session).
   */
  sessions: number;
  /** What the pool (and PGlite's thread) hold right now, read at each scrape of GET /metrics. */
  stats(): DatabaseStats;
  /**
   * `listener` runs after the embedded database's housekeeping analysed tables: PostgreSQL then
   * plans afresh every statement reading them, and the listener can pay for that while the
   * database is quiet (pglite-housekeeping.ts). PostgreSQL's own autovacuum runs unseen.
   */
  onTablesAnalysed(listener: () => Promise<unknown>): void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseStats {
  /** node-postgres's pool: connections open, idle among them, and queries waiting for one. */
  pool: { total: number; idle: number; waiting: number };
  /** PGlite only: calls sent to its thread and not answered yet. */
  threadQueue?: number;
}

const poolStats = (pool: pg.Pool) => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * The embedded default: `DATA_DIR/songrequests.sqlite`; dataDir undefined keeps it in memory
   * (tests). `commits` as in sqlite/commit-durability.ts ('group' unless a test says otherwise).
   */
  | { kind: 'sqlite'; dataDir?: string; commits?: CommitMode }
  /**
   * dataDir undefined keeps the database in memory (tests); such a database may start from a
   * `template`, a data folder PGlite dumped (pglite-open.ts).
   */
  | { kind: 'pglite'; dataDir?: string; housekeeping?: HousekeepingTimes; template?: string };

/** Connections a process keeps to its database (on PGlite, sharing its one session). */
const POOL_SIZE = 10;
/**
 * node-postgres closes a connection idle for 10 s by default. Then the next burst of requests
 * after a quiet moment opened new ones, and on PostgreSQL each new backend loads its catalog
 * caches and prepares the statements of a filing again: 3-5 ms to connect, then 16-22 ms for
 * its first filing against 5-7 ms for the next, here (measured when the rules were a function). The pool keeps what it
 * opened, at most POOL_SIZE connections; 0 turns the timer off.
 */
const KEEP_IDLE_CONNECTIONS = 0;

/** What opening the database has to tell: a PGlite folder imported (import-pglite-folder.ts). */
export type DatabaseLog = ImportLog;
const quiet: DatabaseLog = { info: () => {}, warn: () => {} };

/** Opens the database and brings its schema up to date before anything uses it. */
export async function openDatabase(
  options: DatabaseOptions,
  log: DatabaseLog = quiet,
): Promise<Database> {
  if (options.kind === 'sqlite') return openSqliteDatabase(options.dataDir, options.commits, log);
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? POOL_SIZE)
    : openPglite(
        options.dataDir,
        POOL_SIZE,
        options.housekeeping ?? HOUSEKEEPING_TIMES,
        options.template,
      );
}

/**
 * PGlite runs one session in this process, so it needs neither PostgreSQL's 100 connection
 * slots nor its 128 MB buffer cache (the operating system caches the data files as well): these
 * take about 100 MB off the resident size. A new 16 MB WAL file is not filled with zeros first
 * (that stalled every query for a moment every few thousand requests). The other settings are
 * PGlite's own defaults.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB', 'max_connections=8', 'wal_init_zero=off'];

async function openPglite(
  dataDir: string | undefined,
  poolSize: number,
  housekeepingTimes: HousekeepingTimes,
  template: string | undefined,
): Promise<Database> {
  // Before anything touches the folder: a second server on it must leave it as it found it.
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  let thread: PgliteThread;
  try {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    // PGlite opens and migrates on its own thread (pglite-worker.ts).
    thread = await startPgliteThread({ dataDir, settings: PGLITE_SETTINGS, template });
  } catch (err) {
    lock?.release();
    throw err;
  }
  // Everything goes through node-postgres, as on PostgreSQL: a pool of connections sharing
  // PGlite's one session (pglite-session.ts), each query one call, each statement prepared once.
  const session = new PgliteSession(thread);
  class PgliteClient extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super({ ...config, connection: new PgliteConnection(session) } as pg.ClientConfig);
      // Its transactions run one at a time: lockMusician need not lock (musician-lock.ts).
      markSerialised(this);
    }
  }
  // (pg types the Client option as taking no config; it passes the pool's.)
  const pool = new pg.Pool({
    Client: PgliteClient as unknown as typeof pg.Client,
    max: poolSize,
    idleTimeoutMillis: KEEP_IDLE_CONNECTIONS,
  });
  pool.on('error', () => {});
  // Drizzle's migrations (on PGlite's thread) made the schema as it stood when the migrations
  // became one source for both engines; schemaMigrations adopts it and applies what came after.
  const kysely = kyselyOverPool(pool);
  try {
    await migrateToLatest(kysely, 'postgres');
  } catch (err) {
    await pool.end();
    await thread.close();
    lock?.release();
    throw err;
  }
  const db = drizzlePg(pool, { schema });
  // PGlite has no checkpointer and no autovacuum: pglite-housekeeping.ts does their jobs. A
  // database reopened on disk may have grown since its tables were last analysed.
  const run = async <Row>(text: string) => (await pool.query(text)).rows as Row[];
  if (dataDir) await vacuumDueTables(run);
  let afterAnalyse = async (): Promise<unknown> => undefined;
  const housekeeping = startHousekeeping(run, {
    onDisk: !!dataDir,
    times: housekeepingTimes,
    idleMs: () => thread.idleMs(),
    afterAnalyse: () => afterAnalyse(),
  });
  return {
    db: db as unknown as Db,
    kysely,
    kind: 'pglite',
    sessions: 1,
    stats: () => ({ pool: poolStats(pool), threadQueue: thread.pending() }),
    onTablesAnalysed: (listener) => void (afterAnalyse = listener),
    ping: async () => void (await pool.query('select 1')),
    close: async () => {
      housekeeping.stop();
      await pool.end();
      await thread.close();
      lock?.release();
    },
  };
}

/**
 * SQLite in `dataDir` (docs/architecture.md, "One query layer"): one connection, one writer at a
 * time, each commit acknowledged once it is on the disk.
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
  return {
    db: drizzleUnavailable,
    kysely,
    kind: 'sqlite',
    sessions: 1,
    // One connection: idle while nothing holds its write lock.
    stats: () => ({
      pool: { total: 1, idle: engine.lock.held ? 0 : 1, waiting: engine.lock.waiting },
    }),
    onTablesAnalysed: () => {},
    ping: async () => void (await sql`select 1`.execute(kysely)),
    close: async () => {
      await kysely.destroy();
      lock?.release();
    },
  };
}

// Drizzle runs on PostgreSQL only, and its last queries are moving to Kysely (issue 44).
const drizzleUnavailable = new Proxy({} as Db, {
  get: () => {
    throw new Error('This query is still written for Drizzle, which does not run on SQLite');
  },
});

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
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kysely,
    kind: 'postgres',
    sessions: poolSize,
    stats: () => ({ pool: poolStats(pool) }),
    onTablesAnalysed: () => {},
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}
