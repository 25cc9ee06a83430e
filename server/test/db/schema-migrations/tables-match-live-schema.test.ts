/**
 * tables.ts (the Kysely `DB` interface) says what the migrations make: every table and column of
 * a migrated database of each engine is in it, under the name CamelCasePlugin gives it, and it
 * holds nothing more. The interface's columns are compared through table-columns.ts, which the
 * compiler keeps equal to the interface.
 */
import { CamelCasePlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tableColumns } from '#server/db/table-columns.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { LogicalSchema } from '#server-test/helpers/logical-schema.ts';
import { postgresLogicalSchema } from '#server-test/helpers/postgres-schema.ts';
import { scratchPostgres, scratchSqlite } from '#server-test/helpers/scratch-databases.ts';
import { sqliteLogicalSchema } from '#server-test/helpers/sqlite-schema.ts';
import { has } from '#server-test/helpers/requirements.ts';

/** The app's own mapping from the database's names to TypeScript's. */
class NameMapping extends CamelCasePlugin {
  toTypeScript(name: string): string {
    return this.camelCase(name);
  }
}

function namesAsTypeScriptSeesThem(schema: LogicalSchema): Record<string, string[]> {
  const mapping = new NameMapping();
  return Object.fromEntries(
    Object.entries(schema).map(([table, { columns }]) => [
      mapping.toTypeScript(table),
      Object.keys(columns)
        .map((column) => mapping.toTypeScript(column))
        .sort(),
    ]),
  );
}

const interfaceNames = Object.fromEntries(
  Object.entries(tableColumns).map(([table, columns]) => [table, [...columns].sort()]),
);

describe('tables.ts', () => {
  it('holds every table and column of a migrated SQLite database, and nothing more', async () => {
    const sqlite = scratchSqlite();
    await migrateToLatest(sqlite, 'sqlite');
    expect(namesAsTypeScriptSeesThem(await sqliteLogicalSchema(sqlite))).toEqual(interfaceNames);
  });

  it.skipIf(!has.postgres)(
    'holds every table and column of a migrated PostgreSQL database, and nothing more',
    async () => {
      const postgres = await scratchPostgres();
      await migrateToLatest(postgres.db, 'postgres');
      expect(namesAsTypeScriptSeesThem(await postgresLogicalSchema(postgres.db))).toEqual(
        interfaceNames,
      );
    },
  );
});
