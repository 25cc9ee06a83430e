/**
 * A PostgreSQL database that Drizzle's migrations brought up to date (every release before
 * issue 44) is adopted by migrateToLatest: recorded as having the baseline, its tables and rows
 * as they were, the retired SQL functions dropped, and the migrations after the baseline applied
 * to it as to any other.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/migrations-folder.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import { schemaMigrations } from '#server/db/schema-migrations/migrations.ts';
import { postgresCatalog } from '#server-test/helpers/postgres-schema.ts';
import { type ScratchPostgres, scratchPostgres } from '#server-test/helpers/scratch-databases.ts';

/** A migration after the baseline, as the next one written will be. */
const withNextMigration: Record<string, Migration> = {
  ...schemaMigrations('postgres'),
  '0002_musician_nickname': {
    up: (db) => db.schema.alterTable('musicians').addColumn('nickname', 'text').execute(),
  },
};

async function migratedByDrizzle(): Promise<ScratchPostgres> {
  const database = await scratchPostgres();
  await migrate(drizzle(database.pool), { migrationsFolder });
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

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database Drizzle migrated', () => {
  it('is adopted as having the baseline, keeps its rows and takes the next migrations', async () => {
    const database = await migratedByDrizzle();
    expect(await functionsInPublic(database.db)).not.toEqual([]);

    await migrateToLatest(database.db, 'postgres', withNextMigration);

    expect(await appliedMigrations(database.db)).toEqual([
      '0001_baseline',
      '0002_musician_nickname',
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

  it("is adopted after Drizzle's own migration dropped the functions", async () => {
    const database = await migratedByDrizzle();
    // What Drizzle's migration 0021 does, recorded as Drizzle records a migration.
    for (const { name } of await functionsInPublic(database.db)) {
      await database.pool.query(`DROP FUNCTION ${name}`);
    }
    await database.pool.query(
      `INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
       VALUES ('0021', (SELECT max(created_at) + 1 FROM drizzle.__drizzle_migrations))`,
    );

    await migrateToLatest(database.db, 'postgres');
    expect(await appliedMigrations(database.db)).toEqual(['0001_baseline']);
  });

  it('is refused, and left as it was, when Drizzle stopped before its migration 0020', async () => {
    const database = await migratedByDrizzle();
    await database.pool.query(
      `DELETE FROM drizzle.__drizzle_migrations
       WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
    );

    await expect(migrateToLatest(database.db, 'postgres')).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/stops before its migration 0020/) },
    });
    expect(await appliedMigrations(database.db)).toEqual([]);
    expect(await functionsInPublic(database.db)).not.toEqual([]);
  });
});
