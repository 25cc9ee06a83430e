/**
 * preparedStatement: a raw statement built once and run with values, on the test database
 * (PGlite, or PostgreSQL with TEST_DB=postgres).
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { preparedStatement } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { openTestDatabase } from '#server-test/helpers/test-database.ts';

const database = await openTestDatabase();

describe('preparedStatement', () => {
  it('answers each call with its own values, as db.execute would', async () => {
    const echo = preparedStatement(
      database.db,
      'test_echo',
      sql`SELECT ${sql.placeholder('text')}::text AS text, ${sql.placeholder('n')}::int + 1 AS next,
        ${sql.placeholder('maybe')}::text IS NULL AS missing`,
    );
    const calls = await Promise.all([
      echo({ text: 'plain', n: 1, maybe: 'x' }),
      echo({ text: "it's'; DROP TABLE songs; --", n: 41, maybe: null }),
      echo({ text: 'Déjà vu 🎸', n: -1, maybe: '' }),
    ]);
    expect(calls.map((result) => rowsOf(result)[0])).toEqual([
      { text: 'plain', next: 2, missing: false },
      { text: "it's'; DROP TABLE songs; --", next: 42, missing: true },
      { text: 'Déjà vu 🎸', next: 0, missing: false },
    ]);
  });

  it('builds the statement text once, not on every call', async () => {
    const build = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      const one = preparedStatement(database.db, 'test_one', sql`SELECT 1 AS one`);
      expect(build).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 5; i++) expect(rowsOf(await one({}))).toEqual([{ one: 1 }]);
      expect(build).toHaveBeenCalledTimes(1);
    } finally {
      build.mockRestore();
    }
  });

  it('refuses a call that leaves a placeholder without a value', async () => {
    const statement = preparedStatement(
      database.db,
      'test_missing',
      sql`SELECT ${sql.placeholder('given')}::text, ${sql.placeholder('forgotten')}::text`,
    );
    await expect(statement({ given: 'x' })).rejects.toThrow(/forgotten/);
  });
});
