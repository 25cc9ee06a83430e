/**
 * migrateToLatest applies each migration once: several processes starting at once on one
 * PostgreSQL database take turns, a second run finds nothing to do, and a migration that fails
 * leaves nothing of itself behind on either engine.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '#server/db/schema-migrations/column-types.ts';
import type { DB } from '#server/db/tables.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import { schemaMigrations } from '#server/db/schema-migrations/migrations.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import {
  quietPool,
  scratchPostgres,
  scratchSqlite,
} from '#server-test/helpers/scratch-databases.ts';
import { has } from '#server-test/helpers/requirements.ts';

const PROCESSES = 4;

const appliedMigrations = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`select name from schema_migrations order by name`.execute(db)
  ).rows.map((row) => row.name);

/**
 * A process of its own: its own pool of connections to the database at `url`, and Kysely as the
 * app makes it (rows in camelCase), which the migrations must not be affected by.
 */
function processDb(url: string): Kysely<DB> {
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: quietPool(url) }),
    plugins: [new CamelCasePlugin()],
  });
  cleanUpLater(() => db.destroy());
  return db;
}

/** Every migration of the schema, by name. */
const SCHEMA_MIGRATIONS = Object.keys(schemaMigrations('postgres'));

/** The schema's migrations, then one that makes a table and fails before it ends. */
const withFailingMigration = (dialect: Dialect): Record<string, Migration> => ({
  ...schemaMigrations(dialect),
  '9999_fails_half_way': {
    async up(db) {
      await db.schema.createTable('half_made').addColumn('id', 'integer').execute();
      throw new Error('the migration failed half way');
    },
  },
});

const hasTable = async (db: Kysely<unknown>, name: string) =>
  (await db.introspection.getTables()).some((table) => table.name === name);

describe.skipIf(!has.postgres)('migrateToLatest on PostgreSQL', () => {
  it('applies each migration once when several processes start at once', async () => {
    const { url, db } = await scratchPostgres();
    const processes = Array.from({ length: PROCESSES }, () => processDb(url));

    await Promise.all(processes.map((each) => migrateToLatest(each, 'postgres')));

    expect(await appliedMigrations(db)).toEqual(SCHEMA_MIGRATIONS);
    expect(await hasTable(db, 'requests')).toBe(true);
  });

  it('leaves nothing of a migration that fails', async () => {
    const { db } = await scratchPostgres();
    await expect(migrateToLatest(db, 'postgres', withFailingMigration('postgres'))).rejects.toThrow(
      'schema migration 9999_fails_half_way failed',
    );
    expect(await hasTable(db, 'half_made')).toBe(false);
  });
});

describe('migrateToLatest on SQLite', () => {
  it('finds nothing to do the second time', async () => {
    const db = scratchSqlite();
    await migrateToLatest(db, 'sqlite');
    await migrateToLatest(db, 'sqlite');
    expect(await appliedMigrations(db)).toEqual(SCHEMA_MIGRATIONS);
  });

  it('leaves nothing of a migration that fails', async () => {
    const db = scratchSqlite();
    await expect(migrateToLatest(db, 'sqlite', withFailingMigration('sqlite'))).rejects.toThrow(
      'schema migration 9999_fails_half_way failed',
    );
    expect(await hasTable(db, 'half_made')).toBe(false);
    expect(await appliedMigrations(db)).toEqual([]);
  });
});
