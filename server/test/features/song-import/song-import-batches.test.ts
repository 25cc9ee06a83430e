import type { Kysely, Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '#server/db/tables.ts';
import type { NewSong } from '#server/catalogue/song-importer.ts';
import { songImportRepository } from '#server/features/song-import/song-import-repository.ts';
import type { CsvUploadResponse, LstUploadResponse } from '#shared/schemas/song-import.ts';
import type { Song } from '#shared/schemas/song.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from './upload.ts';

const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const songsOf = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth })).json<Song[]>();

const song = (title: string, artist = 'Band'): NewSong => ({
  title,
  artist,
  genres: [],
  moods: [],
  year: null,
});

const numbered = (count: number, prefix = 'Tune') =>
  Array.from({ length: count }, (_, i) => song(`${prefix} ${i}`));

/**
 * The app's database, with `work` run just before the import's transaction number `at` (1 is
 * the first batch): what another request would do between two batches.
 */
function dbWithRequestBefore(at: number, work: () => Promise<unknown>): Kysely<DB> {
  const { kysely } = app.database;
  let transactions = 0;
  return new Proxy(kysely, {
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

describe('an import in batches', () => {
  it('skips a song repeated in the file after the first batch, whatever its case', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Already Here', artist: 'Band' });
    const lines = Array.from({ length: 450 }, (_, i) => `Tune ${i} - Band`);
    lines.push(
      'TUNE 3 - band',
      '  tune 399   -   BAND  ',
      'Already here - band',
      'Last One - Band',
    );
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/lst/upload',
      'big.lst',
      lines.join('\n'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<LstUploadResponse>()).toMatchObject({
      songs_added: 451,
      skipped: 3,
      errors: [],
      message: 'Added 451 songs. 3 songs already in your list skipped.',
    });
    expect(await songsOf(musician)).toHaveLength(452);
  });

  it('reports bad lines with their own line numbers far into a long file', async () => {
    const musician = await registerMusician(app);
    const lines = Array.from({ length: 2600 }, (_, i) => `Tune ${i} - Band`);
    lines[2499] = 'no separator here';
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/lst/upload',
      'long.lst',
      lines.join('\n'),
    );
    const body = res.json<LstUploadResponse>();
    expect(body.songs_added).toBe(2599);
    expect(body.errors.map((error) => error.line)).toEqual([2500]);
  });

  it('reads a CSV over many slices: line numbers, quoted line breaks and emoji intact', async () => {
    const musician = await registerMusician(app);
    // About 150 KB, so the parser gets it in several slices; each row has a 4-byte emoji.
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `"Song ${i} 🎸 with a, comma",Band,"Rock, Pop",,${i === 2000 ? 'soon' : ''}`,
    );
    rows[1500] = '"A title\nover two lines",Band,,,';
    const csv = `Title,Artist,Genre,Mood,Year\n${rows.join('\n')}\n`;
    const res = await uploadFile(app, musician, '/api/songs/csv/upload', 'big.csv', csv);
    const body = res.json<CsvUploadResponse>();
    expect(body.songs_added).toBe(2999);
    // Header is line 1, row i is line i + 2, and the two-line cell pushes later rows down one.
    expect(body.errors.map((error) => error.line)).toEqual([2003]);
    const songs = await songsOf(musician);
    expect(songs.filter((s) => !s.title.includes('🎸 with a, comma'))).toMatchObject([
      { title: 'A title over two lines' },
    ]);
    expect(songs.find((s) => s.title === 'Song 2999 🎸 with a, comma')?.genres).toEqual([
      'Rock',
      'Pop',
    ]);
  });

  it('stores tags, notes and songwriters exactly, whatever characters they hold', async () => {
    const musician = await registerMusician(app);
    const tricky = ['Rock "n" Roll', '{braces}', 'back\\slash', 'a,b', 'NULL', 'Ünïcödé 🎶'];
    const result = await app.services.songImport.importSongs(musician.musician.id, [
      { ...song('Tricky "One"', "O'Band"), genres: tricky, moods: ['Calm'], year: 1999 },
      { ...song('Plain'), songwriter: 'Writer, Jr.' },
    ]);
    expect(result).toMatchObject({ songs_added: 2, skipped: 0 });
    const songs = await songsOf(musician);
    expect(songs).toMatchObject([
      { title: 'Plain', artist: 'Band', genres: [], moods: [], year: null },
      { title: 'Tricky "One"', artist: "O'Band", genres: tricky, moods: ['Calm'], year: 1999 },
    ]);
  });

  it('adds nothing and reads nothing for an empty list', async () => {
    const musician = await registerMusician(app);
    const result = await app.services.songImport.importSongs(musician.musician.id, []);
    expect(result).toMatchObject({ songs_added: 0, skipped: 0, message: 'Added 0 songs.' });
  });
});

describe('an import racing other requests of the same musician', () => {
  it('skips a song added on its own between two batches', async () => {
    const musician = await registerMusician(app);
    const imports = songImportRepository(
      dbWithRequestBefore(2, () =>
        createSong(app, musician, { title: 'Tune 300', artist: 'Band' }),
      ),
    );
    const outcome = await imports.insertNew(musician.musician.id, numbered(400));
    expect(outcome).toMatchObject({ skipped: 1, leftOut: 0 });
    expect(outcome.inserted).toHaveLength(399);
    const songs = await songsOf(musician);
    expect(songs).toHaveLength(400);
    expect(songs.filter((s) => s.title === 'Tune 300')).toHaveLength(1);
  });

  it('skips a song renamed between two batches into one of its own', async () => {
    const musician = await registerMusician(app);
    const existing = await createSong(app, musician, { title: 'Old Name', artist: 'Band' });
    const rename = () =>
      app.inject({
        method: 'PUT',
        url: `/api/songs/${existing.id}`,
        headers: musician.auth,
        payload: { title: 'tune 350', artist: 'band', genres: [], moods: [], year: null },
      });
    const imports = songImportRepository(dbWithRequestBefore(2, rename));
    const outcome = await imports.insertNew(musician.musician.id, numbered(400));
    expect(outcome).toMatchObject({ skipped: 1 });
    const titles = (await songsOf(musician)).map((s) => s.title.toLowerCase());
    expect(titles.filter((title) => title === 'tune 350')).toHaveLength(1);
  });

  it('imports a song deleted between two batches, and counts the cap from what is there', async () => {
    const musician = await registerMusician(app);
    const doomed = await createSong(app, musician, { title: 'Tune 390', artist: 'Band' });
    const remove = () =>
      app.inject({ method: 'DELETE', url: `/api/songs/${doomed.id}`, headers: musician.auth });
    const imports = songImportRepository(dbWithRequestBefore(2, remove));
    const outcome = await imports.insertNew(musician.musician.id, numbered(400));
    expect(outcome).toMatchObject({ skipped: 0, leftOut: 0 });
    expect(outcome.inserted).toHaveLength(400);
    expect(await songsOf(musician)).toHaveLength(400);
  });

  it('two imports of one file at once add each song once', async () => {
    const musician = await registerMusician(app);
    // Over HTTP a musician's second import at once is refused (import-caps.test.ts); imports
    // reaching the repository by other paths at once (a playlist and a file) still meet the rule.
    const imports = songImportRepository(app.database.kysely);
    const [a, b] = await Promise.all(
      [1, 2].map(() => imports.insertNew(musician.musician.id, numbered(700))),
    );
    expect(a!.inserted.length + b!.inserted.length).toBe(700);
    expect(await songsOf(musician)).toHaveLength(700);
  });

  it('a single add racing an upload over HTTP ends with the song once', async () => {
    const musician = await registerMusician(app);
    const lst = Array.from({ length: 800 }, (_, i) => `Tune ${i} - Band`).join('\n');
    const upload = uploadFile(app, musician, '/api/songs/lst/upload', 'race.lst', lst);
    const add = app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: musician.auth,
      payload: { title: 'Tune 799', artist: 'Band', genres: [], moods: [], year: null },
    });
    const [imported, single] = await Promise.all([upload, add]);
    const { songs_added, skipped } = imported.json<LstUploadResponse>();
    // Whichever came first added it; the other saw the duplicate.
    if (single.statusCode === 201)
      expect({ songs_added, skipped }).toEqual({ songs_added: 799, skipped: 1 });
    else
      expect({ status: single.statusCode, songs_added }).toEqual({ status: 409, songs_added: 800 });
    const songs = await songsOf(musician);
    expect(songs).toHaveLength(800);
    expect(songs.filter((s) => s.title === 'Tune 799')).toHaveLength(1);
  });
});
