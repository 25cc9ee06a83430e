import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { CsvPreviewResponse, CsvUploadResponse } from '#shared/schemas/song-import.ts';
import type { Song } from '#shared/schemas/song.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { fixture, uploadFile } from './upload.ts';

// Offline: only the bundled catalogue answers metadata lookups.
const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const preview = async (musician: TestMusician, name: string, content = fixture(name)) => {
  const res = await uploadFile(app, musician, '/api/songs/csv/preview', name, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CsvPreviewResponse>();
};

const upload = async (
  musician: TestMusician,
  name: string,
  content = fixture(name),
  query = '',
) => {
  const res = await uploadFile(app, musician, `/api/songs/csv/upload${query}`, name, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CsvUploadResponse>();
};

const songsOf = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth })).json<Song[]>();

const pick = (songs: Song[]) =>
  songs.map(({ title, artist, genres, moods, year }) => ({ title, artist, genres, moods, year }));

describe('the CSV preview', () => {
  it('counts the valid rows already in the list, which the import skips', async () => {
    const musician = await registerMusician(app);
    await upload(
      musician,
      'songs.csv',
      Buffer.from('Title,Artist\nWonderwall,Oasis\nJolene,Dolly Parton\n'),
    );
    const result = await preview(
      musician,
      'songs.csv',
      Buffer.from('Title,Artist\nWONDERWALL,oasis\nJolene,Dolly Parton\nValerie,Amy Winehouse\n'),
    );
    expect(result).toMatchObject({ total_rows: 3, valid_rows: 3, duplicates: 2 });
  });
});

describe('messy CSV files, one fixture each', () => {
  it('reads a UTF-8 byte-order mark as nothing (the Title column is still found)', async () => {
    const musician = await registerMusician(app);
    const result = await preview(musician, 'bom.csv');
    expect(result).toMatchObject({ total_rows: 2, valid_rows: 2, errors: [] });
    expect(result.preview[0]).toEqual({
      line: 2,
      title: 'Wonderwall',
      artist: 'Oasis',
      genres: ['Rock'],
      moods: ['Nostalgic'],
      year: 1995,
      duration_seconds: null,
    });
  });

  it('reads a Duration column as m:ss or h:mm:ss, and says which row it cannot read', async () => {
    const musician = await registerMusician(app);
    const csv = [
      'Title,Artist,Duration',
      'Creep,Radiohead,3:58',
      'Echoes,Pink Floyd,23:31',
      'Medley,Band,1:02:03',
      'Unknown,Band,',
      'Bad,Band,four minutes',
    ].join('\n');
    const result = await preview(musician, 'durations.csv', Buffer.from(csv));
    expect(result.preview.map((row) => [row.title, row.duration_seconds])).toEqual([
      ['Creep', 238],
      ['Echoes', 1411],
      ['Medley', 3723],
      ['Unknown', null],
    ]);
    expect(result.errors).toEqual([{ line: 6, reason: messages.songDurationInvalid }]);
    await upload(musician, 'durations.csv', Buffer.from(csv));
    const creep = (await songsOf(musician)).find((song) => song.title === 'Creep');
    expect(creep?.duration_seconds).toBe(238);
  });

  it('reads CRLF line ends without stray carriage returns', async () => {
    const musician = await registerMusician(app);
    expect((await upload(musician, 'crlf.csv')).songs_added).toBe(3);
    expect(pick(await songsOf(musician))).toContainEqual({
      title: 'Creep',
      artist: 'Radiohead',
      genres: ['Alternative'],
      moods: ['Dark'],
      year: 1992,
    });
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', async () => {
    const musician = await registerMusician(app);
    const result = await preview(musician, 'quoted.csv');
    expect(result.errors).toEqual([]);
    expect(
      result.preview.map(({ line, title, genres, moods }) => ({ line, title, genres, moods })),
    ).toEqual([
      {
        line: 2,
        title: 'Take Me Home, Country Roads',
        genres: ['Country', 'Folk'],
        moods: ['Nostalgic', 'Singalong'],
      },
      { line: 3, title: 'The "Real" Slim Shady', genres: ['Hip Hop'], moods: ['Energetic'] },
      { line: 4, title: 'Bohemian Rhapsody', genres: ['Rock'], moods: ['Epic', 'Dramatic'] },
      { line: 7, title: 'Yesterday', genres: ['Pop'], moods: ['Melancholic'] },
    ]);
  });

  it('detects a semicolon-delimited export, where commas split genres', async () => {
    const musician = await registerMusician(app);
    const result = await preview(musician, 'semicolon.csv');
    expect(result).toMatchObject({ total_rows: 3, valid_rows: 3, errors: [] });
    expect(result.preview.map((row) => [row.title, row.genres, row.moods])).toEqual([
      ['Été indien', ['Chanson', 'Pop'], ['Nostalgic']],
      ['Hallo; Welt', ['Rock'], ['Happy']],
      ['Alors on danse', ['Electronic', 'Dance'], ['Party', 'Energetic']],
    ]);
  });

  it('skips blank lines, whitespace-only lines and empty rows, counting real lines', async () => {
    const musician = await registerMusician(app);
    const result = await preview(musician, 'blank-lines.csv');
    expect(result).toMatchObject({ total_rows: 2, valid_rows: 2, errors: [] });
    expect(result.preview.map((row) => [row.line, row.title, row.year])).toEqual([
      [5, 'Wonderwall', 1995],
      [9, 'Jolene', null],
    ]);
  });

  it('matches columns case-insensitively in any order and ignores extra columns and cells', async () => {
    const musician = await registerMusician(app);
    await upload(musician, 'extra-columns.csv');
    expect(pick(await songsOf(musician))).toEqual([
      { title: 'Creep', artist: 'Radiohead', genres: ['Alternative'], moods: ['Dark'], year: null },
      {
        title: 'Jolene',
        artist: 'Dolly Parton',
        genres: ['Country'],
        moods: ['Melancholic'],
        year: 1973,
      },
      { title: 'Wonderwall', artist: 'Oasis', genres: ['Rock'], moods: ['Singalong'], year: 1995 },
    ]);
  });

  it('keeps non-ASCII titles and artists intact', async () => {
    const musician = await registerMusician(app);
    expect((await upload(musician, 'non-ascii.csv')).songs_added).toBe(5);
    const titles = (await songsOf(musician)).map((song) => `${song.title} / ${song.artist}`);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Señorita / Shawn Mendes & Camila Cabello',
        'Jóga / Björk',
        '上を向いて歩こう / 坂本九',
        'Ça plane pour moi / Plastic Bertrand',
        'Москва / Чингисхан',
      ]),
    );
  });

  it('reads a Windows-1252 file from an older spreadsheet app', async () => {
    const musician = await registerMusician(app);
    const result = await preview(musician, 'windows-1252.csv');
    expect(result.preview.map((row) => row.title)).toEqual(['Café del Mar', 'Ça plane pour moi']);
  });

  it('reads a UTF-16 "Unicode text" export with tabs', async () => {
    const musician = await registerMusician(app);
    const result = await preview(musician, 'utf16.csv');
    expect(result.preview).toEqual([
      {
        line: 2,
        title: 'Été indien',
        artist: 'Joe Dassin',
        genres: ['Chanson'],
        moods: [],
        year: null,
        duration_seconds: null,
      },
    ]);
  });
});

describe('rows that fail validation', () => {
  it('reports each bad row with its line and reason, and imports the others', async () => {
    const musician = await registerMusician(app);
    const expectedErrors = [
      { line: 3, reason: messages.songTitleRequired },
      { line: 4, reason: messages.songArtistRequired },
      { line: 5, reason: messages.songYearInvalid },
      { line: 6, reason: messages.songYearInvalid },
    ];
    expect(await preview(musician, 'invalid-rows.csv')).toMatchObject({
      total_rows: 6,
      valid_rows: 2,
      errors: expectedErrors,
    });
    const result = await upload(musician, 'invalid-rows.csv');
    expect(result).toMatchObject({ songs_added: 2, skipped: 0, errors: expectedErrors });
    expect(result.message).toBe('Added 2 songs. 4 lines could not be imported.');
    expect(pick(await songsOf(musician)).map((song) => [song.title, song.year])).toEqual([
      ['Jolene', 1973],
      ['Wonderwall', 1995],
    ]);
  });

  it('imports the rows before an unclosed quote and reports where it starts', async () => {
    const musician = await registerMusician(app);
    const result = await upload(musician, 'unclosed-quote.csv');
    expect(result.songs_added).toBe(2);
    expect(result.errors).toEqual([{ line: 4, reason: messages.csvQuoteNotClosed }]);
  });

  it('refuses a file without Title and Artist columns with 400', async () => {
    const musician = await registerMusician(app);
    const name = 'no-title-column.csv';
    const res = await uploadFile(app, musician, '/api/songs/csv/upload', name, fixture(name));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.csvColumnsMissing });
  });

  it.each([
    ['an empty file', ''],
    ['only blank lines', '\r\n\r\n  \r\n'],
  ])('refuses %s with 400', async (_case, content) => {
    const musician = await registerMusician(app);
    const res = await uploadFile(app, musician, '/api/songs/csv/preview', 'songs.csv', content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.importFileEmpty });
  });
});

describe('the optional Songwriter column', () => {
  it('imports the songwriter, under its name or a common alias, and empty when absent', async () => {
    const musician = await registerMusician(app);
    const csv =
      'Title,Artist,Year,Songwriter\r\n' +
      'Yesterday,The Beatles,1965,"John Lennon, Paul McCartney"\r\n' +
      'Creep,Radiohead,1992,\r\n';
    expect((await upload(musician, 'songs.csv', Buffer.from(csv))).songs_added).toBe(2);
    const other = await registerMusician(app);
    await upload(
      other,
      'songs.csv',
      Buffer.from('Song;Band;Written by\nJolene;Dolly Parton;Dolly Parton\n'),
    );
    await upload(other, 'plain.csv', Buffer.from('Title,Artist\nHallelujah,Leonard Cohen\n'));

    const written = (songs: Song[]) =>
      songs.map(({ title, songwriter }) => ({ title, songwriter }));
    expect(written(await songsOf(musician))).toEqual([
      { title: 'Creep', songwriter: '' },
      { title: 'Yesterday', songwriter: 'John Lennon, Paul McCartney' },
    ]);
    expect(written(await songsOf(other))).toEqual([
      { title: 'Hallelujah', songwriter: '' },
      { title: 'Jolene', songwriter: 'Dolly Parton' },
    ]);
  });

  it('reports a songwriter too long for its line, and imports the rest', async () => {
    const musician = await registerMusician(app);
    const csv = `Title,Artist,Songwriter\nGood,Band,Writer\nBad,Band,${'x'.repeat(201)}\n`;
    const result = await upload(musician, 'songs.csv', Buffer.from(csv));
    expect(result.songs_added).toBe(1);
    expect(result.errors).toEqual([{ line: 3, reason: messages.songSongwriterTooLong }]);
  });

  it('reads back what the Songs tab exports', async () => {
    const musician = await registerMusician(app);
    const exported =
      'Title,Artist,Genre,Mood,Year,Notes,Songwriter\r\n' +
      'Wonderwall,Oasis,"Britpop, Rock",Nostalgic,1995,capo 2,Noel Gallagher\r\n';
    await upload(musician, 'my-songs.csv', Buffer.from(exported));
    expect((await songsOf(musician))[0]).toMatchObject({
      title: 'Wonderwall',
      genres: ['Britpop', 'Rock'],
      year: 1995,
      songwriter: 'Noel Gallagher',
    });
  });
});
