/**
 * Song import, the audience's song list and its song states (issue 44's port to Kysely) on the
 * app's SQLite engine and schema: every statement they hold runs there and decides as on
 * PostgreSQL. Their behaviour is tested through the routes on PGlite and PostgreSQL; this proves
 * the same statements on the third engine, the import's check between two batches included.
 */
import type { Kysely, Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { NewSong } from '#server/catalogue/song-importer.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB, NewSongRequest } from '#server/db/tables.ts';
import { songStatesRepository } from '#server/features/audience/song-states-repository.ts';
import { songImportRepository } from '#server/features/song-import/song-import-repository.ts';
import { songsRepository } from '#server/features/songs/songs-repository.ts';
import { musiciansRepository } from '#server/musicians/musicians-repository.ts';
import { songKey } from '#shared/song-key.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

const folder = tempSqliteFolder();

async function sqliteDb() {
  const { db } = tempKysely<DB>(folder);
  cleanUpLater(() => db.destroy());
  await migrateToLatest(db, 'sqlite');
  return db;
}

async function newMusician(db: Kysely<DB>, slug = 'band') {
  const email = `${slug}@example.com`;
  return musiciansRepository(db).insert({ name: slug, email, slug, passwordHash: 'hash' });
}

const song = (title: string, artist = 'Band'): NewSong => ({
  title,
  artist,
  genres: [],
  moods: [],
  year: null,
});

const numbered = (count: number) => Array.from({ length: count }, (_, i) => song(`Tune ${i}`));

const songData = (title: string, artist = 'Band') => ({
  ...song(title, artist),
  notes: '',
  songwriter: '',
  duration_seconds: null,
});

const songsVersion = async (db: Kysely<DB>, musicianId: string) =>
  (
    await db
      .selectFrom('musicians')
      .select('songsVersion')
      .where('id', '=', musicianId)
      .executeTakeFirstOrThrow()
  ).songsVersion;

const titlesOf = async (db: Kysely<DB>, musicianId: string) =>
  (await songsRepository(db).list(musicianId, 'title')).map((row) => row.title);

/** `db`, with `work` run just before its transaction number `at` (1 is the first batch's). */
function withWriteBefore(db: Kysely<DB>, at: number, work: () => Promise<unknown>): Kysely<DB> {
  let transactions = 0;
  return new Proxy(db, {
    get(target, property) {
      // Bound to Kysely itself: its methods read private fields a proxy does not have.
      const value = Reflect.get(target, property, target) as unknown;
      if (property !== 'transaction') {
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      }
      return () => ({
        execute: async <T>(run: (trx: Transaction<DB>) => Promise<T>) => {
          if (++transactions === at) await work();
          return target.transaction().execute(run);
        },
      });
    },
  });
}

describe('song import on SQLite', () => {
  it('previews the keys held, inserts in batches skipping duplicates, raises the version', async () => {
    const db = await sqliteDb();
    const { id: musicianId } = await newMusician(db);
    await songsRepository(db).insert(musicianId, songData('Already Here'));
    const imports = songImportRepository(db);
    expect([...(await imports.heldKeys(musicianId))]).toEqual([songKey('Already Here', 'Band')]);
    expect(await songsVersion(db, musicianId)).toBe(1);

    const rows = [...numbered(450), song('TUNE 3', 'band'), song(' already here ', 'BAND')];
    const outcome = await imports.insertNew(musicianId, rows);

    expect(outcome).toMatchObject({ skipped: 2, leftOut: 0 });
    expect(outcome.inserted).toHaveLength(450);
    // One raise by the single add, one by each of the three batches.
    expect(await songsVersion(db, musicianId)).toBe(4);
    expect(await imports.heldKeys(musicianId)).toHaveProperty('size', 451);
  });

  it('stores tags and text as PostgreSQL would, a lone surrogate as U+FFFD', async () => {
    const db = await sqliteDb();
    const { id: musicianId } = await newMusician(db);
    const tricky = ['Rock "n" Roll', '{braces}', 'back\\slash', 'a,b', 'NULL', 'broken \ud800'];
    const { inserted } = await songImportRepository(db).insertNew(musicianId, [
      { ...song('Tricky \udc00', "O'Band"), genres: tricky, moods: ['Calm'], year: 1999 },
    ]);
    expect(inserted).toEqual([
      {
        id: expect.any(String),
        title: 'Tricky \ufffd',
        artist: "O'Band",
        genres: [...tricky.slice(0, 5), 'broken \ufffd'],
        moods: ['Calm'],
        year: 1999,
        songwriter: '',
        durationSeconds: null,
      },
    ]);
  });

  it('sees a song added between two batches, and skips it', async () => {
    const db = await sqliteDb();
    const { id: musicianId } = await newMusician(db);
    const add = () => songsRepository(db).insert(musicianId, songData('Tune 300'));
    const outcome = await songImportRepository(withWriteBefore(db, 2, add)).insertNew(
      musicianId,
      numbered(400),
    );
    expect(outcome).toMatchObject({ skipped: 1, leftOut: 0 });
    expect(await titlesOf(db, musicianId)).toHaveLength(400);
  });

  it('sees a rename between two batches that keeps the count (and the length)', async () => {
    const db = await sqliteDb();
    const { id: musicianId } = await newMusician(db);
    const songs = songsRepository(db);
    const existing = await songs.insert(musicianId, songData('Old Name'));
    if (!('row' in existing)) throw new Error('not added');
    const rename = () => songs.update(musicianId, existing.row.id, songData('tune 350', 'band'));
    const outcome = await songImportRepository(withWriteBefore(db, 2, rename)).insertNew(
      musicianId,
      numbered(400),
    );
    expect(outcome).toMatchObject({ skipped: 1 });
    const titles = (await titlesOf(db, musicianId)).map((title) => title.toLowerCase());
    expect(titles.filter((title) => title === 'tune 350')).toHaveLength(1);
  });

  it('sees a song removed between two batches, and imports it', async () => {
    const db = await sqliteDb();
    const { id: musicianId } = await newMusician(db);
    const songs = songsRepository(db);
    const doomed = await songs.insert(musicianId, songData('Tune 390'));
    if (!('row' in doomed)) throw new Error('not added');
    const remove = () => songs.delete(musicianId, doomed.row.id);
    const outcome = await songImportRepository(withWriteBefore(db, 2, remove)).insertNew(
      musicianId,
      numbered(400),
    );
    expect(outcome).toMatchObject({ skipped: 0, leftOut: 0 });
    expect(outcome.inserted).toHaveLength(400);
    expect(await titlesOf(db, musicianId)).toHaveLength(400);
  });
});

describe("the audience's song list on SQLite", () => {
  async function repertoire() {
    const db = await sqliteDb();
    const { id: musicianId } = await newMusician(db);
    const add = (title: string, artist: string, values: Partial<NewSong> = {}) =>
      db
        .insertInto('songs')
        .values({ musicianId, title, artist, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
    const jolene = await add('Jolene', 'Dolly Parton', {
      genres: ['Country'],
      moods: ['Sad'],
      year: 1973,
    });
    const africa = await add('Africa', 'Toto', { genres: ['rock', 'Pop'], moods: ['Happy'] });
    await db
      .updateTable('songs')
      .set({ year: 1982, requestCount: 5 })
      .where('id', '=', africa.id)
      .execute();
    const halo = await add('Halo', 'BEYONCÉ', { genres: ['Pop'], year: 2008 });
    const pure = await add('100% Pure', 'Nobody');
    const lower = await add('apple', 'Nobody');
    await add('Secret', 'Hidden Band', { genres: ['Metal'] }).then(({ id }) =>
      db.updateTable('songs').set({ hidden: true }).where('id', '=', id).execute(),
    );
    const ids = { jolene: jolene.id, africa: africa.id, halo: halo.id, pure: pure.id };
    return { db, musicianId, ids: { ...ids, apple: lower.id } };
  }

  it('searches title and artist ignoring case and accents, % meaning itself', async () => {
    const { db, musicianId } = await repertoire();
    const songs = songsRepository(db);
    const titles = async (search?: string) =>
      (await songs.listForAudience(musicianId, { search })).map((row) => row.title);
    // Most requested first, then by title ignoring case; never a hidden song.
    expect(await titles()).toEqual(['Africa', '100% Pure', 'apple', 'Halo', 'Jolene']);
    expect(await titles('jol')).toEqual(['Jolene']);
    expect(await titles('toto')).toEqual(['Africa']);
    expect(await titles('beyonce')).toEqual(['Halo']);
    expect(await titles('0%')).toEqual(['100% Pure']);
    expect(await titles('0_')).toEqual([]);
    expect(await titles('secret')).toEqual([]);
  });

  it('filters by tags ignoring case, none, year and decade', async () => {
    const { db, musicianId } = await repertoire();
    const songs = songsRepository(db);
    const titles = async (filters: Parameters<typeof songs.listForAudience>[1]) =>
      (await songs.listForAudience(musicianId, filters)).map((row) => row.title);
    expect(await titles({ genre: 'POP' })).toEqual(['Africa', 'Halo']);
    expect(await titles({ genre: null })).toEqual(['100% Pure', 'apple']);
    expect(await titles({ mood: 'sad' })).toEqual(['Jolene']);
    expect(await titles({ mood: null })).toEqual(['100% Pure', 'apple', 'Halo']);
    expect(await titles({ year: 1982 })).toEqual(['Africa']);
    expect(await titles({ year: null })).toEqual(['100% Pure', 'apple']);
    expect(await titles({ decadeStart: 1970 })).toEqual(['Jolene']);
    expect(await titles({ genre: 'pop', decadeStart: 2000, search: 'hal' })).toEqual(['Halo']);
  });

  it("lists a playlist's visible songs in its order", async () => {
    const { db, musicianId, ids } = await repertoire();
    const playlist = await db
      .insertInto('playlists')
      .values({ musicianId, name: 'Set' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = [ids.halo, ids.jolene, ids.africa];
    await db
      .insertInto('playlistSongs')
      .values(order.map((songId, position) => ({ playlistId: playlist.id, songId, position })))
      .execute();
    const songs = songsRepository(db);
    const titles = async (search?: string) =>
      (await songs.listForAudience(musicianId, { playlistId: playlist.id, search })).map(
        (row) => row.title,
      );
    expect(await titles()).toEqual(['Halo', 'Jolene', 'Africa']);
    expect(await titles('o')).toEqual(['Halo', 'Jolene', 'Africa']);
    expect(await titles('toto')).toEqual(['Africa']);
  });

  it('song states: coming up, and played while the rule holds it back', async () => {
    const { db, musicianId, ids } = await repertoire();
    const states = songStatesRepository(db);
    const show = await db
      .insertInto('shows')
      .values({ musicianId, name: 'Tonight', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = (values: Partial<NewSongRequest>) =>
      db
        .insertInto('requests')
        .values({
          musicianId,
          songTitle: 'Song',
          songArtist: 'Artist',
          requesterName: 'Ann',
          requesterEmail: 'ann@example.com',
          showId: show.id,
          ...values,
        })
        .execute();
    const playedAt = new Date(Date.now() - 30 * 60_000);
    await request({ songId: ids.jolene, status: 'up_next' });
    await request({ songId: ids.africa, status: 'played', playedAt });
    await request({ songId: ids.halo, status: 'played', playedAt });
    await request({ songId: ids.halo, status: 'pending' });
    await request({ songId: ids.pure, status: 'played', playedAt, blocked: true });

    // Under 'allow' (the default) nothing is read.
    expect(await states.forMusician(musicianId)).toEqual(new Map());

    await db
      .updateTable('musicians')
      .set({ repeatRule: 'show' })
      .where('id', '=', musicianId)
      .execute();
    expect(await states.forMusician(musicianId)).toEqual(
      new Map([
        [ids.jolene, { comingUp: true, playedAt: null }],
        // Halo waits again in the show: a request of it is a +1, not held back.
        [ids.africa, { comingUp: false, playedAt }],
      ]),
    );

    await db
      .updateTable('musicians')
      .set({ repeatRule: 'hours', repeatHours: 1 })
      .where('id', '=', musicianId)
      .execute();
    await db.updateTable('shows').set({ status: 'stopped' }).where('id', '=', show.id).execute();
    // No show runs: what waits outside any show counts, and Halo's request is in the old show.
    expect(await states.forMusician(musicianId)).toEqual(
      new Map([
        [ids.africa, { comingUp: false, playedAt }],
        [ids.halo, { comingUp: false, playedAt }],
      ]),
    );
  });
});
