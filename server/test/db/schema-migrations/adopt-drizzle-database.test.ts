/**
 * A PostgreSQL database that Drizzle's migrations brought up to date (every release before
 * issue 44) is adopted by migrateToLatest: recorded as having the baseline, its tables and rows
 * as they were, the retired SQL functions dropped, and the migrations after the baseline applied
 * to it as to any other.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { drizzleMigrationsFolder as migrationsFolder } from '#server-test/helpers/drizzle-migrations.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import { schemaMigrations } from '#server/db/schema-migrations/migrations.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { postgresCatalog } from '#server-test/helpers/postgres-schema.ts';
import { type ScratchPostgres, scratchPostgres } from '#server-test/helpers/scratch-databases.ts';
import { has } from '#server-test/helpers/requirements.ts';

/** The schema's migrations, then one more, as the next one written will be. */
const SCHEMA_MIGRATIONS = Object.keys(schemaMigrations('postgres'));
const withNextMigration: Record<string, Migration> = {
  ...schemaMigrations('postgres'),
  '9999_musician_nickname': {
    up: (db) => db.schema.alterTable('musicians').addColumn('nickname', 'text').execute(),
  },
};

/**
 * Drizzle's migrations up to and including `last` (all by default), as a release of that time
 * left the database: the release before issue 44 stopped at 0020, with the SQL functions.
 */
async function migrationsUpTo(last: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'drizzle-migrations-'));
  cleanUpLater(() => rm(folder, { recursive: true, force: true }));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag.startsWith(last));
  journal.entries = journal.entries.slice(0, end + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

async function migratedByDrizzle(last?: string): Promise<ScratchPostgres> {
  const database = await scratchPostgres();
  const folder = last ? await migrationsUpTo(last) : migrationsFolder;
  await migrate(drizzle(database.pool), { migrationsFolder: folder });
  await database.pool.query(
    `INSERT INTO musicians (name, email, slug, password_hash)
     VALUES ('Ada', 'ada@example.com', 'ada', 'hash')`,
  );
  return database;
}

const appliedMigrations = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`select name from schema_migrations order by name`.execute(db)
  ).rows.map((row) => row.name);

const functionsInPublic = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`
      select proname as name from pg_proc where pronamespace = 'public'::regnamespace`.execute(db)
  ).rows;

describe.skipIf(!has.postgres)('a database Drizzle migrated', () => {
  it('is adopted as having the baseline, keeps its rows and takes the next migrations', async () => {
    const database = await migratedByDrizzle('0020');
    expect(await functionsInPublic(database.db)).not.toEqual([]);

    await migrateToLatest(database.db, 'postgres', withNextMigration);

    expect(await appliedMigrations(database.db)).toEqual([
      ...SCHEMA_MIGRATIONS,
      '9999_musician_nickname',
    ]);
    expect(await functionsInPublic(database.db)).toEqual([]);
    const { rows } = await database.pool.query('SELECT slug, nickname FROM musicians');
    expect(rows).toEqual([{ slug: 'ada', nickname: null }]);
  });

  it('once adopted, holds what the baseline makes on a fresh database', async () => {
    const adopted = await migratedByDrizzle();
    const fresh = await scratchPostgres();
    await migrateToLatest(adopted.db, 'postgres');
    await migrateToLatest(fresh.db, 'postgres');
    expect(await postgresCatalog(adopted.db)).toEqual(await postgresCatalog(fresh.db));
  });

  it("is adopted after Drizzle's own migration 0021 dropped the functions", async () => {
    const database = await migratedByDrizzle();
    expect(await functionsInPublic(database.db)).toEqual([]);

    await migrateToLatest(database.db, 'postgres');
    expect(await appliedMigrations(database.db)).toEqual(SCHEMA_MIGRATIONS);
  });

  it('is refused, and left as it was, when Drizzle stopped before its migration 0020', async () => {
    const database = await migratedByDrizzle('0019');

    await expect(migrateToLatest(database.db, 'postgres')).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/stops before its migration 0020/) },
    });
    expect(await appliedMigrations(database.db)).toEqual([]);
    expect(await functionsInPublic(database.db)).not.toEqual([]);
  });
});
