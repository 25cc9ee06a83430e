import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { LstPreviewResponse, LstUploadResponse } from '#shared/schemas/song-import.ts';
import type { Song } from '#shared/schemas/song.ts';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from './upload.ts';

const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const LIST = [
  '# Friday set',
  'Wonderwall - Oasis',
  '',
  '   ',
  'Jolene\tDolly Parton',
  'Hey Jude - Remastered 2015 - The Beatles',
  'Alors on danse – Stromae',
  'Just a title',
  '# the end',
  ' - Nobody',
  '',
].join('\r\n');

describe('POST /api/songs/lst/preview', () => {
  it('counts the songs already in the list (or twice in the file), which the import skips', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Wonderwall', artist: 'Oasis' });
    const list = ['wonderwall - OASIS', 'Jolene - Dolly Parton', 'Jolene  -  dolly parton'].join(
      '\n',
    );
    const res = await uploadFile(app, musician, '/api/songs/lst/preview', 'set.lst', list);
    expect(res.json<LstPreviewResponse>()).toMatchObject({ total_songs: 3, duplicates: 2 });

    const another = await registerMusician(app);
    const fresh = await uploadFile(app, another, '/api/songs/lst/preview', 'set.lst', list);
    expect(fresh.json<LstPreviewResponse>()).toMatchObject({ total_songs: 3, duplicates: 1 });
  });

  it('reads Title - Artist and tab-separated lines, skipping blank and # lines', async () => {
    const musician = await registerMusician(app);
    const res = await uploadFile(app, musician, '/api/songs/lst/preview', 'set.lst', LIST);
    expect(res.statusCode).toBe(200);
    const body = res.json<LstPreviewResponse>();
    expect(body.total_songs).toBe(4);
    expect(body.songs.map(({ line, title, artist }) => [line, title, artist])).toEqual([
      [2, 'Wonderwall', 'Oasis'],
      [5, 'Jolene', 'Dolly Parton'],
      [6, 'Hey Jude - Remastered 2015', 'The Beatles'],
      [7, 'Alors on danse', 'Stromae'],
    ]);
    expect(body.errors).toEqual([
      { line: 8, reason: messages.lstLineInvalid },
      { line: 10, reason: messages.lstLineInvalid },
    ]);
  });
});

describe('POST /api/songs/lst/upload', () => {
  it('adds the songs, skipping ones already there, and answers with a message', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'WONDERWALL', artist: 'oasis ' });
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/lst/upload?auto_enrich=true',
      'set.lst',
      LIST,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<LstUploadResponse>();
    expect(body).toMatchObject({ songs_added: 3, skipped: 1, enrichment: { enriched: 2 } });
    expect(body.message).toMatch(/^Added 3 songs\. 1 song already in your list skipped\. 2 lines/);
    const songs = (
      await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth })
    ).json<Song[]>();
    expect(songs.map((song) => [song.title, song.year])).toEqual([
      ['Alors on danse', null],
      ['Hey Jude - Remastered 2015', 1968],
      ['Jolene', 1973],
      ['WONDERWALL', 1995],
    ]);
  });
});
