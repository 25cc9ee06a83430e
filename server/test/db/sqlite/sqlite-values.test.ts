/**
 * What the app writes through Kysely on SQLite reads back as node-postgres gives it on
 * PostgreSQL, by each column's declared type (the table in docs/architecture.md); an expression
 * comes back as stored.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

interface Values {
  id: string;
  createdAt: Date | number;
  enabled: boolean;
  price: string | number | null;
  plainNumeric: string | number | null;
  count: number | bigint | null;
  ratio: number | null;
  note: string | null;
  picture: Buffer | Uint8Array | null;
  day: string | null;
  settings: unknown;
  untyped: unknown;
}

const dir = tempSqliteFolder();
let db: Kysely<{ values: Values }>;

beforeAll(async () => {
  db = tempKysely<{ values: Values }>(dir).db;
  await sql`
    create table "values" (
      id UUID primary key,
      created_at TIMESTAMPTZ not null,
      enabled BOOLEAN not null,
      price NUMERIC(10,2),
      plain_numeric NUMERIC,
      count INTEGER,
      ratio REAL,
      note TEXT,
      picture BLOB,
      day DATE,
      settings JSONB,
      untyped
    )`.execute(db);
});
afterAll(() => db.destroy());

const base = {
  createdAt: new Date('2026-11-28T17:05:09.123Z'),
  enabled: true,
  price: null,
  plainNumeric: null,
  count: null,
  ratio: null,
  note: null,
  picture: null,
  day: null,
  settings: null,
  untyped: null,
};

let ids = 0;
async function roundTrip(values: Partial<Values>) {
  ids += 1;
  const id = `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`;
  await db
    .insertInto('values')
    .values({ ...base, ...values, id })
    .execute();
  return db.selectFrom('values').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('values through the SQLite driver', () => {
  it('reads a timestamp as a Date from stored milliseconds, a boolean as a boolean, a uuid and a day as text', async () => {
    const row = await roundTrip({ enabled: false, day: '2026-11-28' });
    expect(row.createdAt).toEqual(new Date('2026-11-28T17:05:09.123Z'));
    expect(row.enabled).toBe(false);
    expect(row.day).toBe('2026-11-28');
    expect(row.id).toMatch(/^00000000-0000-4000-8000-/);
    const stored = await sql<{
      at: unknown;
      flag: unknown;
    }>`select created_at + 0 as at, enabled + 0 as flag from "values" where id = ${row.id}`.execute(
      db,
    );
    expect(stored.rows[0]).toEqual({ at: Date.parse('2026-11-28T17:05:09.123Z'), flag: 0 });
    expect((await roundTrip({ enabled: true })).enabled).toBe(true);
  });

  it('reads numeric as node-postgres writes it: the declared scale when there is one', async () => {
    expect((await roundTrip({ price: 12.5, plainNumeric: 12.5 })).price).toBe('12.50');
    expect((await roundTrip({ price: '7', plainNumeric: '7.25' })).price).toBe('7.00');
    expect((await roundTrip({ plainNumeric: 7.25 })).plainNumeric).toBe('7.25');
    expect((await roundTrip({ plainNumeric: 3 })).plainNumeric).toBe('3');
  });

  it('stores an object or array as JSON text and reads it parsed', async () => {
    const settings = { theme: 'dark', limits: [1, 2, { nested: true }], empty: null };
    expect((await roundTrip({ settings })).settings).toEqual(settings);
    expect((await roundTrip({ settings: ['a', 'b'] })).settings).toEqual(['a', 'b']);
  });

  it('reads bytes as a Buffer holding the same bytes', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 0]);
    const row = await roundTrip({ picture: bytes });
    expect(Buffer.isBuffer(row.picture)).toBe(true);
    expect(row.picture).toEqual(bytes);
    const fromArray = await roundTrip({ picture: new Uint8Array([9, 8, 7]) });
    expect(fromArray.picture).toEqual(Buffer.from([9, 8, 7]));
  });

  it('keeps text whole: emoji, combining marks, and 10,000 characters', async () => {
    const odd = 'ab 🎸🎤 ü u\u0308 👩🏽‍🎤';
    expect((await roundTrip({ note: odd })).note).toBe(odd);
    // 10,000 UTF-16 units, half of them emoji (two units each), none cut in half.
    const long = '🎵'.repeat(2500) + 'x'.repeat(5000);
    const row = await roundTrip({ note: long });
    expect(row.note).toHaveLength(10_000);
    expect(row.note === long).toBe(true);
  });

  it('refuses a NUL character, as PostgreSQL does (sqlite-errors.ts)', async () => {
    await expect(roundTrip({ note: 'a\u0000b' })).rejects.toThrow(/NUL character/);
  });

  it('reads integers and reals as numbers, up to the largest safe integer', async () => {
    const row = await roundTrip({ count: Number.MAX_SAFE_INTEGER, ratio: 0.1 });
    expect(row.count).toBe(Number.MAX_SAFE_INTEGER);
    expect(row.ratio).toBe(0.1);
  });

  it('fails loudly on an integer past 2^53 rather than returning it with digits lost', async () => {
    await expect(roundTrip({ count: 2n ** 60n })).rejects.toThrow(/too large/);
    // Written as a bigint it is stored exactly, as text shows.
    const { rows } = await sql<{ text: string }>`
      select cast(count as text) as text from "values" where count > ${2 ** 53}`.execute(db);
    expect(rows).toEqual([{ text: String(2n ** 60n) }]);
  });

  it('returns an expression (no declared type) as stored, and an untyped column as stored', async () => {
    const row = await roundTrip({ enabled: true, untyped: 'as is' });
    const result = await db
      .selectFrom('values')
      .select([
        sql<number>`max(created_at)`.as('latest'),
        sql<number>`count(*)`.as('rows'),
        sql<number>`enabled`.as('flag'),
        'untyped',
      ])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    // A bare column keeps its declared type even under an alias: `flag` is still a boolean.
    expect(result).toEqual({
      latest: Date.parse('2026-11-28T17:05:09.123Z'),
      rows: 1,
      flag: true,
      untyped: 'as is',
    });
  });

  it('gives rows as plain objects with camelCase keys, as the PostgreSQL path does', async () => {
    const row = await roundTrip({});
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toContain('plainNumeric');
  });

  it('refuses undefined and an invalid Date instead of storing something else', async () => {
    await expect(sql`select ${undefined as unknown as null} as x`.execute(db)).rejects.toThrow(
      /undefined cannot be written/,
    );
    await expect(roundTrip({ createdAt: new Date('nonsense') })).rejects.toThrow(/invalid Date/);
  });
});
