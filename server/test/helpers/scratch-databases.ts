/**
 * Empty databases of each engine for the schema tests, closed and removed when the caller's
 * scope ends (cleanup.ts): a PostgreSQL database of a unique name on the TEST_DATABASE_URL
 * server, and a SQLite file in a temporary folder opened as the app opens it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { openSqlite } from '#server/db/sqlite/open-sqlite.ts';
import { createSqliteKysely } from '#server/db/sqlite/sqlite-kysely.ts';
import pg from 'pg';
import { cleanUpLater } from './cleanup.ts';
import { databaseUrl, withAdmin } from './test-database.ts';

export interface ScratchPostgres {
  url: string;
  pool: pg.Pool;
  db: Kysely<unknown>;
}

export async function scratchPostgres(): Promise<ScratchPostgres> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the schema tests need TEST_DATABASE_URL');
  const name = `songreq_schema_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(adminUrl, name);
  const pool = quietPool(url);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  cleanUpLater(async () => {
    await db.destroy(); // ends the pool
    await withAdmin(adminUrl, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  });
  return { url, pool, db };
}

/**
 * A pool to the database at `url` (as a process of the app would hold). DROP ... WITH (FORCE)
 * at the end may end a backend the pool is still closing: that is no unhandled error.
 */
export function quietPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function scratchSqlite(): Kysely<unknown> {
  const folder = mkdtempSync(join(tmpdir(), 'songreq-schema-'));
  // The app's own SQLite engine and driver (rows in camelCase, values converted as the app reads
  // them); each commit flushed before it is answered, as the app's are.
  const engine = openSqlite({ file: join(folder, 'songreq.sqlite'), commits: 'synchronous' });
  const db = createSqliteKysely<unknown>({ engine });
  cleanUpLater(async () => {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });
  return db;
}
