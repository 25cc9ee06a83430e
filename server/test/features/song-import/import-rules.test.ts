import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { IMPORT_FILE_MAX_BYTES, type CsvUploadResponse } from '#shared/schemas/song-import.ts';
import type { Song } from '#shared/schemas/song.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { fixture, multipartBody, uploadFile } from './upload.ts';

const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const songsOf = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth })).json<Song[]>();

describe('the duplicate rule', () => {
  it('skips songs already in the repertoire, ignoring case and surrounding spaces', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Creep', artist: 'Radiohead', genres: ['Mine'] });
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/csv/upload',
      'duplicates.csv',
      fixture('duplicates.csv'),
    );
    // Wonderwall twice in the file (second in capitals with spaces), Creep already there.
    expect(res.json<CsvUploadResponse>()).toMatchObject({
      songs_added: 2,
      skipped: 2,
      errors: [],
      message: 'Added 2 songs. 2 songs already in your list skipped.',
    });
    const songs = await songsOf(musician);
    expect(songs.map((song) => song.title)).toEqual(['Creep', 'Jolene', 'Wonderwall']);
    expect(songs[0]!.genres).toEqual(['Mine']);

    const again = await uploadFile(
      app,
      musician,
      '/api/songs/csv/upload',
      'duplicates.csv',
      fixture('duplicates.csv'),
    );
    expect(again.json()).toMatchObject({ songs_added: 0, skipped: 4 });
  });

  it("does not count another musician's songs as duplicates", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    await createSong(app, other, { title: 'Wonderwall', artist: 'Oasis' });
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/csv/upload',
      'crlf.csv',
      fixture('crlf.csv'),
    );
    expect(res.json()).toMatchObject({ songs_added: 3, skipped: 0 });
  });
});

describe('files that are refused', () => {
  it('answers 413 with a detail for a file over 5 MB, adding nothing', async () => {
    const musician = await registerMusician(app);
    const header = 'Title,Artist\n';
    const row = 'Some Song,Some Artist\n';
    const big = header + row.repeat(Math.ceil(IMPORT_FILE_MAX_BYTES / row.length) + 10);
    for (const url of ['/api/songs/csv/preview', '/api/songs/csv/upload']) {
      const res = await uploadFile(app, musician, url, 'big.csv', big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ detail: messages.importFileTooLarge });
    }
    const lst = await uploadFile(
      app,
      musician,
      '/api/songs/lst/upload',
      'big.lst',
      'A - B\n'.repeat(900_000),
    );
    expect(lst.statusCode).toBe(413);
    expect(await songsOf(musician)).toEqual([]);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const musician = await registerMusician(app);
    const header = 'Title,Artist\nOnly Song,Only Artist\n';
    const content = header + ' '.repeat(IMPORT_FILE_MAX_BYTES - header.length);
    const res = await uploadFile(app, musician, '/api/songs/csv/preview', 'exact.csv', content);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid_rows: 1 });
  });

  it.each([
    ['/api/songs/csv/preview', 'songs.txt', messages.csvWrongExtension],
    ['/api/songs/csv/upload', 'songs.xlsx', messages.csvWrongExtension],
    ['/api/songs/csv/upload', 'csv', messages.csvWrongExtension],
    ['/api/songs/lst/preview', 'songs.csv', messages.lstWrongExtension],
    ['/api/songs/lst/upload', 'songs.txt', messages.lstWrongExtension],
  ])('%s refuses a file named %s with the spec message', async (url, filename, detail) => {
    const musician = await registerMusician(app);
    const res = await uploadFile(app, musician, url, filename, 'Title,Artist\nA,B\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('accepts the extension in any case', async () => {
    const musician = await registerMusician(app);
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/csv/preview',
      'SONGS.CSV',
      'Title,Artist\nA,B\n',
    );
    expect(res.statusCode).toBe(200);
  });

  it('asks for a form upload when sent JSON, and for a file when the form has none', async () => {
    const musician = await registerMusician(app);
    const json = await app.inject({
      method: 'POST',
      url: '/api/songs/csv/upload',
      headers: musician.auth,
      payload: { file: 'Title,Artist' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ detail: messages.importNotForm });

    const boundary = 'empty-form';
    const empty = await app.inject({
      method: 'POST',
      url: '/api/songs/lst/preview',
      headers: { ...musician.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: messages.importFileMissing });
  });

  it('does not accept multipart bodies on any other route', async () => {
    const musician = await registerMusician(app);
    const { payload, headers } = multipartBody('song.csv', 'title=Hacked');
    const res = await app.inject({
      method: 'POST',
      url: '/api/songs',
      payload,
      headers: { ...headers, ...musician.auth },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it.each([
    '/api/songs/csv/preview',
    '/api/songs/csv/upload',
    '/api/songs/lst/preview',
    '/api/songs/lst/upload',
  ])('%s needs a musician token', async (url) => {
    const res = await uploadFile(app, null, url, 'songs.csv', 'Title,Artist\nA,B\n');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.loginRequired });
  });

  it('refuses an auto_enrich value that is not a boolean', async () => {
    const musician = await registerMusician(app);
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/csv/upload?auto_enrich=maybe',
      'songs.csv',
      'Title,Artist\nA,B\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(expect.any(String));
  });
});

describe('auto_enrich', () => {
  it('fills missing genres, moods and years from the catalogue, keeping what the file gave', async () => {
    const musician = await registerMusician(app);
    const csv =
      'Title,Artist,Genre,Mood,Year\nwonderwall,OASIS,,,\nJolene,Dolly Parton,Bluegrass,,\nUnknown Tune,Nobody,,,\n';
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/csv/upload?auto_enrich=true',
      'songs.csv',
      csv,
    );
    expect(res.json<CsvUploadResponse>()).toMatchObject({
      songs_added: 3,
      enrichment: { processed: 3, enriched: 2, remaining: 0 },
    });
    expect(res.json<CsvUploadResponse>().message).toContain('Details filled in for 2 songs.');
    const songs = await songsOf(musician);
    expect(songs.map(({ title, genres, moods, year }) => ({ title, genres, moods, year }))).toEqual(
      [
        { title: 'Jolene', genres: ['Bluegrass'], moods: ['Melancholic'], year: 1973 },
        { title: 'Unknown Tune', genres: [], moods: [], year: null },
        {
          title: 'wonderwall',
          genres: ['Rock', 'Britpop'],
          moods: ['Nostalgic', 'Singalong'],
          year: 1995,
        },
      ],
    );
  });

  it('leaves songs as they are without it', async () => {
    const musician = await registerMusician(app);
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/csv/upload?auto_enrich=false',
      'songs.csv',
      'Title,Artist\nJolene,Dolly Parton\n',
    );
    expect(res.json()).toMatchObject({ songs_added: 1, enrichment: null });
    expect((await songsOf(musician))[0]).toMatchObject({ genres: [], year: null });
  });
});
