/**
 * What column-types.ts spells differently for SQLite does what PostgreSQL's spelling does: an
 * id's default is a random v4 uuid, a timestamp's the time of the insert (stored in
 * milliseconds, read as a Date), the queue rank's that time in seconds, a text array's no
 * elements (stored as '[]', read as []); and the slug check (a regular expression on PostgreSQL,
 * GLOB patterns on SQLite) accepts and refuses the same slugs.
 */
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import { scratchPostgres, scratchSqlite } from '#server-test/helpers/scratch-databases.ts';
import { has } from '#server-test/helpers/requirements.ts';

const V4_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SLUG_FORMAT = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUGS = ['ada', 'ada-lovelace', 'a1-b2-c3', '7', '', '-ada', 'ada-', 'ada--b', 'Ada'];
const MORE_SLUGS = ['ada lovelace', 'ada_b', 'adé', 'ada.b', 'ada/b', ' ada', 'a-', '--'];

/** Migrated, and read without the camelCase mapping: the rows keep the columns' own names. */
async function migratedSqlite(): Promise<Kysely<unknown>> {
  const db = scratchSqlite();
  await migrateToLatest(db, 'sqlite');
  return db.withoutPlugins();
}

async function addMusician(db: Kysely<unknown>, slug: string) {
  const { rows } = await sql<{ id: string; created_at: Date }>`
    insert into musicians (name, email, slug, password_hash)
    values ('Ada', ${`${slug}@example.com`}, ${slug}, 'hash')
    returning id, created_at`.execute(db);
  return rows[0]!;
}

/** The slugs of `slugs` that `db` takes. */
async function slugsTaken(db: Kysely<unknown>, slugs: string[]): Promise<string[]> {
  const taken: string[] = [];
  for (const slug of slugs) {
    const added = await addMusician(db, slug).then(
      () => true,
      (err: Error) => {
        if (!/check/i.test(err.message)) throw err;
        return false;
      },
    );
    if (added) taken.push(slug);
  }
  return taken;
}

describe('the SQLite schema', () => {
  it('makes a random v4 uuid and the time in milliseconds for a new row', async () => {
    const db = await migratedSqlite();
    const before = Date.now();
    const rows = [];
    for (let i = 0; i < 50; i++) rows.push(await addMusician(db, `ada-${i}`));
    const after = Date.now();

    for (const row of rows) {
      expect(row.id).toMatch(V4_UUID);
      expect(row.created_at.getTime()).toBeGreaterThanOrEqual(before);
      expect(row.created_at.getTime()).toBeLessThanOrEqual(after);
    }
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const stored = await sql`select distinct typeof(created_at) as type from musicians`.execute(db);
    expect(stored.rows).toEqual([{ type: 'integer' }]);
  });

  it('ranks a new request by its arrival in seconds, and gives a song no genres or moods', async () => {
    const db = await migratedSqlite();
    const musician = await addMusician(db, 'ada');
    const { rows: songs } = await sql<{ id: string; genres: string[]; stored: string }>`
      insert into songs (musician_id, title, artist) values (${musician.id}, 'Song', 'Band')
      returning id, genres, moods, genres || '' as stored`.execute(db);
    const song = songs[0]!;
    expect(song).toMatchObject({ genres: [], moods: [], stored: '[]' });

    const before = Date.now() / 1000;
    const { rows } = await sql<{ queue_rank: number; tip_clicked: boolean }>`
      insert into requests (musician_id, song_id, song_title, song_artist, requester_name,
        requester_email)
      values (${musician.id}, ${song.id}, 'Song', 'Band', 'Bo', 'bo@example.com')
      returning queue_rank, tip_clicked`.execute(db);
    const after = Date.now() / 1000;
    expect(rows[0]!.queue_rank).toBeGreaterThanOrEqual(before - 0.001);
    expect(rows[0]!.queue_rank).toBeLessThanOrEqual(after + 0.001);
    expect(rows[0]!.tip_clicked).toBe(false);
  });

  it.skipIf(!has.postgres)(
    'takes the slugs PostgreSQL takes, and refuses those it refuses',
    async () => {
      const sqlite = await migratedSqlite();
      const postgres = await scratchPostgres();
      await migrateToLatest(postgres.db, 'postgres');
      const slugs = [...SLUGS, ...MORE_SLUGS];

      const wellFormed = slugs.filter((slug) => SLUG_FORMAT.test(slug));
      expect(wellFormed).toEqual(['ada', 'ada-lovelace', 'a1-b2-c3', '7']);
      expect(await slugsTaken(postgres.db, slugs)).toEqual(wellFormed);
      expect(await slugsTaken(sqlite, slugs)).toEqual(wellFormed);
    },
  );
});
