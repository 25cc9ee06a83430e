/**
 * The baseline migration is faithful: a fresh PostgreSQL database migrated by it holds exactly
 * what Drizzle's migrations 0000-0020 make (every column's type, nullability and default, every
 * constraint's name and definition, every index's definition as PostgreSQL deparses it), the
 * SQL functions aside (the rules left them for TypeScript).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { describe, expect, it } from 'vitest';
import { drizzleMigrationsFolder as migrationsFolder } from '#server-test/helpers/drizzle-migrations.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import { schemaMigrations } from '#server/db/schema-migrations/migrations.ts';
import { postgresCatalog } from '#server-test/helpers/postgres-schema.ts';
import { scratchPostgres } from '#server-test/helpers/scratch-databases.ts';
import { has } from '#server-test/helpers/requirements.ts';

describe.skipIf(!has.postgres)('the baseline migration', () => {
  it("makes on PostgreSQL the schema Drizzle's migrations make", async () => {
    const byDrizzle = await scratchPostgres();
    const byBaseline = await scratchPostgres();
    await migrate(drizzle(byDrizzle.pool), { migrationsFolder });
    // The baseline alone: the migrations after it change what Drizzle's made.
    const baseline = { '0001_baseline': schemaMigrations('postgres')['0001_baseline']! };
    await migrateToLatest(byBaseline.db, 'postgres', baseline);

    const expected = await postgresCatalog(byDrizzle.db);
    expect(expected.columns.length).toBeGreaterThan(200);
    expect(await postgresCatalog(byBaseline.db)).toEqual(expected);
  });
});
