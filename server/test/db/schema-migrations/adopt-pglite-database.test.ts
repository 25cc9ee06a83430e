/**
 * While PGlite remains (until the import into SQLite replaces it), its databases were migrated
 * by Drizzle like PostgreSQL's: migrateToLatest over the app's Kysely on PGlite adopts one the
 * same way, so the switch from Drizzle's migrator can cover both at once.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import { schemaMigrations } from '#server/db/schema-migrations/migrations.ts';
import { createTestDatabase } from '#server-test/helpers/test-database.ts';

it('adopts a PGlite database Drizzle migrated, dropping its SQL functions', async () => {
  const testDb = await createTestDatabase({ kind: 'pglite' });
  const database = await openDatabase(testDb.options);
  try {
    await migrateToLatest(database.kysely, 'postgres');

    const applied = await sql<{ name: string }>`
      select name from schema_migrations order by name`.execute(database.kysely);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(schemaMigrations('postgres')));
    const functions = await sql`
      select proname from pg_proc where pronamespace = 'public'::regnamespace`.execute(
      database.kysely,
    );
    expect(functions.rows).toEqual([]);
  } finally {
    await database.close();
    await testDb.drop();
  }
});
