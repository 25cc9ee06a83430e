import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { CsvUploadResponse } from '#shared/schemas/song-import.ts';
import { SongInput, type Song } from '#shared/schemas/song.ts';
import { songKey } from '#shared/song-key.ts';
import { STARTER_CATALOGUE } from '#server/catalogue/starter-catalogue.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from '../song-import/upload.ts';

const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const songsOf = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs', headers: musician.auth })).json<Song[]>();

const addStarterPack = (musician: TestMusician | null) =>
  app.inject({
    method: 'POST',
    url: '/api/songs/starter-pack',
    headers: musician?.auth ?? {},
  });

describe('the starter catalogue', () => {
  it('has 50+ distinct songs, each valid with genres, moods and a year', () => {
    expect(STARTER_CATALOGUE.length).toBeGreaterThanOrEqual(50);
    const keys = new Set(STARTER_CATALOGUE.map((song) => songKey(song.title, song.artist)));
    expect(keys.size).toBe(STARTER_CATALOGUE.length);
    for (const song of STARTER_CATALOGUE) {
      expect(SongInput.safeParse(song).success, song.title).toBe(true);
      expect(song.genres.length, song.title).toBeGreaterThan(0);
      expect(song.moods.length, song.title).toBeGreaterThan(0);
      expect(song.year).toBeGreaterThanOrEqual(1950);
    }
  });
});

describe('GET /api/demo-csv', () => {
  it('downloads the sample CSV without a token', async () => {
    const res = await app.inject({ url: '/api/demo-csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="demo-songs.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Title,Artist,Genre,Mood,Year');
    expect(lines).toContain(
      '"Take Me Home, Country Roads",John Denver,"Country, Folk","Nostalgic, Singalong",1971',
    );
    expect(lines.length).toBe(STARTER_CATALOGUE.length + 1);
  });

  it('imports cleanly: every row added with its genres, moods and year', async () => {
    const musician = await registerMusician(app);
    const csv = (await app.inject({ url: '/api/demo-csv' })).body;
    const preview = await uploadFile(
      app,
      musician,
      '/api/songs/csv/preview',
      'demo-songs.csv',
      csv,
    );
    expect(preview.json()).toMatchObject({
      total_rows: STARTER_CATALOGUE.length,
      valid_rows: STARTER_CATALOGUE.length,
      errors: [],
    });
    const res = await uploadFile(app, musician, '/api/songs/csv/upload', 'demo-songs.csv', csv);
    expect(res.json<CsvUploadResponse>()).toMatchObject({
      songs_added: STARTER_CATALOGUE.length,
      skipped: 0,
      errors: [],
    });
    const songs = await songsOf(musician);
    expect(songs.find((song) => song.title === 'September')).toMatchObject({
      artist: 'Earth, Wind & Fire',
      genres: ['Funk', 'Disco'],
      moods: ['Happy', 'Party'],
      year: 1978,
      decade: '1970s',
    });
  });
});

describe('POST /api/songs/starter-pack', () => {
  it('adds the whole pack in one click, then skips what is already there', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: '  wonderwall', artist: 'OASIS ' });

    const first = await addStarterPack(musician);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      songs_added: STARTER_CATALOGUE.length - 1,
      skipped: 1,
      message: `Added ${STARTER_CATALOGUE.length - 1} songs. 1 song already in your list skipped.`,
    });
    const songs = await songsOf(musician);
    expect(songs).toHaveLength(STARTER_CATALOGUE.length);
    expect(songs.every((song) => song.year !== null && song.genres.length > 0)).toBe(true);

    const again = await addStarterPack(musician);
    expect(again.json()).toEqual({
      songs_added: 0,
      skipped: STARTER_CATALOGUE.length,
      message: messages.starterPackAlreadyAdded,
    });
  });

  it("adds to the caller's list only", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    await addStarterPack(musician);
    expect(await songsOf(other)).toEqual([]);
  });

  it('needs a musician token', async () => {
    const res = await addStarterPack(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.loginRequired });
  });
});
