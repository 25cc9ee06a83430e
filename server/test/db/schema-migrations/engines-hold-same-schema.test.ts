/**
 * Issue 44: the migrations make the same schema on both engines. A fresh SQLite database and a
 * fresh PostgreSQL database, each migrated by migrateToLatest, hold the same tables, columns
 * (type through column-types.ts, nullability, whether a default fills it), primary and foreign
 * keys, unique and check constraints, and indexes (columns, expressions, partial predicates).
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import { postgresLogicalSchema } from '#server-test/helpers/postgres-schema.ts';
import { scratchPostgres, scratchSqlite } from '#server-test/helpers/scratch-databases.ts';
import { sqliteLogicalSchema } from '#server-test/helpers/sqlite-schema.ts';
import { has } from '#server-test/helpers/requirements.ts';

describe.skipIf(!has.postgres)('the schema migrations', () => {
  it('make the same schema on SQLite and on PostgreSQL', async () => {
    const postgres = await scratchPostgres();
    const sqlite = scratchSqlite();
    await migrateToLatest(postgres.db, 'postgres');
    await migrateToLatest(sqlite, 'sqlite');

    const onPostgres = await postgresLogicalSchema(postgres.db);
    const onSqlite = await sqliteLogicalSchema(sqlite);

    // Today’s 28 tables, so that two empty schemas cannot pass as equal.
    expect(Object.keys(onPostgres)).toHaveLength(28);
    expect(onSqlite).toEqual(onPostgres);
  });
});
