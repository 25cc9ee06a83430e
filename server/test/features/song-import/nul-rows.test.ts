import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { CsvUploadResponse } from '#shared/schemas/song-import.ts';
import type { Song } from '#shared/schemas/song.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from './upload.ts';

const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const titles = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth }))
    .json<Song[]>()
    .map((song) => song.title);

describe('a row holding a NUL character', () => {
  it('is reported in a CSV upload while the other rows import', async () => {
    const musician = await registerMusician(app);
    const csv = [
      'Title,Artist',
      'Creep,Radiohead',
      'Jolene,Dolly Parton',
      'Hallelujah,Leonard Cohen',
      'Vienna,Billy Joel',
      'Zombie,The Cranberries',
      'Bad\u0000Song,Someone',
      'Wonderwall,Oasis',
    ].join('\n');
    const res = await uploadFile(app, musician, '/api/songs/csv/upload', 'songs.csv', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json<CsvUploadResponse>()).toMatchObject({
      songs_added: 6,
      errors: [{ line: 7, reason: messages.importRowHasNul }],
    });
    expect(await titles(musician)).not.toContain('Bad\u0000Song');
    expect(await titles(musician)).toHaveLength(6);
  });

  it('is reported in a CSV preview', async () => {
    const musician = await registerMusician(app);
    const csv = 'Title,Artist\nCreep,Radio\u0000head\nJolene,Dolly Parton\n';
    const res = await uploadFile(app, musician, '/api/songs/csv/preview', 'songs.csv', csv);
    expect(res.json()).toMatchObject({
      total_rows: 2,
      valid_rows: 1,
      errors: [{ line: 2, reason: messages.importRowHasNul }],
    });
  });

  it('is reported in an LST upload while the other lines import', async () => {
    const musician = await registerMusician(app);
    const lst = 'Creep - Radiohead\nJolene - Dolly\u0000 Parton\n\nVienna - Billy Joel\n';
    const res = await uploadFile(app, musician, '/api/songs/lst/upload', 'songs.lst', lst);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      songs_added: 2,
      errors: [{ line: 2, reason: messages.importRowHasNul }],
    });
    expect(await titles(musician)).toEqual(['Creep', 'Vienna']);
  });
});
