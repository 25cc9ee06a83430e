import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { BatchEnrichResponse } from '#shared/schemas/metadata.ts';
import type { Song } from '#shared/schemas/song.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { musicBrainzHandler, VALERIE_SECONDS, VALERIE_WRITERS } from './musicbrainz-stub.ts';
import { startStubServer } from '#server-test/helpers/stub-http-server.ts';
import { uploadFile } from '#server-test/features/song-import/upload.ts';

const musicBrainz = await startStubServer(musicBrainzHandler);
const { app } = await startTestApp({
  metadata: {
    ...testConfig().metadata,
    musicbrainzUrl: musicBrainz.url,
    musicbrainzMinIntervalMs: 20,
  },
});

const enrich = (musician: TestMusician | null, payload?: object) =>
  app.inject({
    method: 'POST',
    url: '/api/songs/batch-enrich',
    headers: musician?.auth ?? {},
    ...(payload ? { payload } : {}),
  });

const songsOf = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth })).json<Song[]>();

const blank = { genres: [], moods: [], year: null };

describe('POST /api/songs/batch-enrich', () => {
  it("fills only the empty fields of the caller's songs, from the catalogue and MusicBrainz", async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton', ...blank });
    await createSong(app, musician, {
      title: 'Wonderwall',
      artist: 'Oasis',
      genres: ['Acoustic'],
      moods: [],
      year: null,
    });
    await createSong(app, musician, { title: 'Valerie', artist: 'The Zutons', ...blank });
    await createSong(app, musician, { title: 'Unknown', artist: 'Nobody', ...blank });
    await createSong(app, musician, {
      title: 'Creep',
      artist: 'Radiohead',
      genres: ['Mine'],
      moods: ['Mine'],
      year: 2000,
      songwriter: 'Thom Yorke',
    });
    await createSong(app, stranger, { title: 'Jolene', artist: 'Dolly Parton', ...blank });

    const res = await enrich(musician);
    expect(res.statusCode).toBe(200);
    expect(res.json<BatchEnrichResponse>()).toEqual({
      success: true,
      // Creep too, for the length it lacks (MusicBrainz's stub knows none).
      processed: 5,
      enriched: 3,
      remaining: 0,
      errors: [],
      message: 'Filled in details for 3 of 5 songs looked up.',
    });
    const songs = (await songsOf(musician)).map(({ title, genres, moods, year, songwriter }) => ({
      title,
      genres,
      moods,
      year,
      songwriter,
    }));
    expect(songs).toEqual([
      { title: 'Creep', genres: ['Mine'], moods: ['Mine'], year: 2000, songwriter: 'Thom Yorke' },
      { title: 'Jolene', genres: ['Country'], moods: ['Melancholic'], year: 1973, songwriter: '' },
      { title: 'Unknown', genres: [], moods: [], year: null, songwriter: '' },
      {
        title: 'Valerie',
        genres: ['Indie Rock', 'Rock'],
        moods: ['Upbeat'],
        year: 2006,
        songwriter: VALERIE_WRITERS,
      },
      {
        title: 'Wonderwall',
        genres: ['Acoustic'],
        moods: ['Nostalgic', 'Singalong'],
        year: 1995,
        songwriter: '',
      },
    ]);
    expect((await songsOf(stranger))[0]).toMatchObject(blank);
  });

  it('limits itself to song_ids, and never touches songs of another musician', async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const mine = await createSong(app, musician, {
      title: 'Jolene',
      artist: 'Dolly Parton',
      ...blank,
    });
    await createSong(app, musician, { title: 'Creep', artist: 'Radiohead', ...blank });
    const theirs = await createSong(app, stranger, {
      title: 'Imagine',
      artist: 'John Lennon',
      ...blank,
    });

    const res = await enrich(musician, { song_ids: [mine.id, theirs.id] });
    expect(res.json()).toMatchObject({ processed: 1, enriched: 1 });
    expect((await songsOf(musician)).map((song) => song.year)).toEqual([null, 1973]);
    expect((await songsOf(stranger))[0]).toMatchObject(blank);
  });

  it('fills only an empty songwriter, never over what the musician typed', async () => {
    const musician = await registerMusician(app);
    const complete = { genres: ['Rock'], moods: ['Happy'], year: 2006 };
    await createSong(app, musician, { title: 'Valerie', artist: 'The Zutons', ...complete });
    // Looked up for its missing year; the songwriter typed in stays.
    await createSong(app, musician, {
      title: 'Valerie (Live)',
      artist: 'The Zutons',
      ...complete,
      year: null,
      songwriter: 'Typed By Me',
    });
    const res = await enrich(musician);
    expect(res.json()).toMatchObject({ processed: 2, enriched: 2, remaining: 0 });
    const songs = await songsOf(musician);
    expect(songs.map(({ title, year, songwriter }) => ({ title, year, songwriter }))).toEqual([
      { title: 'Valerie', year: 2006, songwriter: VALERIE_WRITERS },
      { title: 'Valerie (Live)', year: 2006, songwriter: 'Typed By Me' },
    ]);
    // Genres and moods were already there: kept as they were.
    expect(songs.map((song) => [song.genres, song.moods])).toEqual([
      [['Rock'], ['Happy']],
      [['Rock'], ['Happy']],
    ]);
  });

  it('counts a missing songwriter as complete when MusicBrainz is off (no source knows one)', async () => {
    const off = await startTestApp({
      metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
    });
    const musician = await registerMusician(off.app);
    await createSong(off.app, musician, { genres: ['Rock'], moods: ['Happy'], year: 1995 });
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/songs/batch-enrich',
      headers: musician.auth,
    });
    expect(res.json()).toMatchObject({ processed: 0, enriched: 0, remaining: 0 });
  });

  it('fills only an empty length, never over the length the musician typed', async () => {
    const musician = await registerMusician(app);
    const complete = { genres: ['Rock'], moods: ['Happy'], year: 2006, songwriter: 'Someone' };
    await createSong(app, musician, { title: 'Valerie', artist: 'The Zutons', ...complete });
    // Looked up for its missing year; the length typed in stays.
    await createSong(app, musician, {
      title: 'Valerie (Live)',
      artist: 'The Zutons',
      ...complete,
      year: null,
      duration_seconds: '5:02',
    });
    const res = await enrich(musician);
    expect(res.json()).toMatchObject({ processed: 2, enriched: 2, remaining: 0 });
    const songs = await songsOf(musician);
    expect(
      songs.map(({ title, year, duration_seconds }) => [title, year, duration_seconds]),
    ).toEqual([
      ['Valerie', 2006, VALERIE_SECONDS],
      ['Valerie (Live)', 2006, 302],
    ]);
  });

  it('says so when every song is already complete', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, {
      genres: ['Rock'],
      moods: ['Happy'],
      year: 1995,
      songwriter: 'Someone',
      duration_seconds: '4:18',
    });
    expect((await enrich(musician)).json()).toMatchObject({
      success: true,
      processed: 0,
      enriched: 0,
      remaining: 0,
      message: 'All your songs already have genres, moods and years.',
    });
  });

  it('refuses song_ids that are not ids', async () => {
    const musician = await registerMusician(app);
    const res = await enrich(musician, { song_ids: ['1 OR 1=1'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'This id is not valid.' });
  });

  it('needs a musician token', async () => {
    const res = await enrich(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.loginRequired });
  });
});

describe('an import with auto_enrich', () => {
  it('fills the songwriters the file left empty, and keeps the ones it gave', async () => {
    const musician = await registerMusician(app);
    const csv =
      'Title,Artist,Songwriter\n' +
      'Valerie,The Zutons,\n' +
      'Valerie (Live),The Zutons,From The File\n' +
      'Jolene,Dolly Parton,\n';
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/csv/upload?auto_enrich=true',
      'songs.csv',
      csv,
    );
    expect(res.statusCode, res.body).toBe(200);
    const songs = await songsOf(musician);
    expect(songs.map(({ title, year, songwriter }) => ({ title, year, songwriter }))).toEqual([
      // In the catalogue (year, genres), but MusicBrainz's stub knows no writer for it.
      { title: 'Jolene', year: 1973, songwriter: '' },
      { title: 'Valerie', year: 2006, songwriter: VALERIE_WRITERS },
      { title: 'Valerie (Live)', year: 2006, songwriter: 'From The File' },
    ]);
  });
});

describe('the time budget', () => {
  it('answers when the budget runs out and counts the songs still to do', async () => {
    const slowStub = await startStubServer(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return musicBrainzHandler(request);
    });
    const budgeted = await startTestApp({
      metadata: {
        ...testConfig().metadata,
        musicbrainzUrl: slowStub.url,
        musicbrainzMinIntervalMs: 100,
        enrichBudgetMs: 450,
      },
    });
    const musician = await registerMusician(budgeted.app);
    for (let i = 1; i <= 12; i++) {
      await createSong(budgeted.app, musician, { title: `Rare ${i}`, artist: 'Nobody', ...blank });
    }
    await createSong(budgeted.app, musician, { title: 'Jolene', artist: 'Dolly Parton', ...blank });

    const started = Date.now();
    const first = await budgeted.app.inject({
      method: 'POST',
      url: '/api/songs/batch-enrich',
      headers: musician.auth,
    });
    expect(Date.now() - started).toBeLessThan(1500);
    const body = first.json<BatchEnrichResponse>();
    expect(body.enriched).toBe(1);
    expect(body.remaining).toBeGreaterThan(0);
    expect(body.processed + body.remaining).toBe(13);
    expect(body.message).toContain('run Auto-fill All again');
  });
});
