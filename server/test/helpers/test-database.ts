import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '#server/db/database.ts';
import { cleanUpLater } from './cleanup.ts';

export interface TestDatabase {
  options: DatabaseOptions;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory SQLite by default (migrated as it opens, in a few
 * milliseconds), or, when the suite runs with TEST_DB=postgres, a new database created on the
 * TEST_DATABASE_URL server as a copy of the run's migrated template (postgres-template.ts); the
 * app migrates it on opening all the same.
 */
export async function createTestDatabase({
  kind = process.env.TEST_DB,
}: { kind?: string } = {}): Promise<TestDatabase> {
  if (kind !== 'postgres') return { options: { kind: 'sqlite' }, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');

  const name = `songreq_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template (postgres-template.ts), where the suite made one.
  const template = inject('postgresTemplate');
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  return {
    options: { kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 4 },
    drop: () =>
      withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin(
  url: string,
  work: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database (createTestDatabase), opened and migrated, for tests of the database layer;
 * closed and dropped when the caller's scope ends (cleanup.ts).
 */
export async function openTestDatabase(): Promise<Database> {
  const testDb = await createTestDatabase();
  const database = await openDatabase(testDb.options);
  cleanUpLater(async () => {
    await database.close();
    await testDb.drop();
  });
  return database;
}
