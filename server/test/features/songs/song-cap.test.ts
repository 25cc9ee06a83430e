import { describe, expect, it } from 'vitest';
import { fill, plural } from '#shared/fill-message.ts';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { PublicSong, Song } from '#shared/schemas/song.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from '#server-test/features/song-import/upload.ts';

const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const max = SONGS_PER_MUSICIAN_MAX.toLocaleString('en');
const lines = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `Song ${from + i} - Artist ${from + i}`).join('\n');

describe(`the cap of ${SONGS_PER_MUSICIAN_MAX} songs per musician`, () => {
  it('imports up to the cap, says how many were left out, then refuses more', async () => {
    const musician = await registerMusician(app);
    const first = await uploadFile(
      app,
      musician,
      '/api/songs/lst/upload',
      'big.lst',
      lines(0, SONGS_PER_MUSICIAN_MAX + 7),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ songs_added: SONGS_PER_MUSICIAN_MAX });
    // The file is read up to the cap only: the rows past it are left out unread.
    expect(first.json<{ message: string }>().message).toBe(
      `Added ${plural(SONGS_PER_MUSICIAN_MAX, 'song', 'songs')}. ${fill(messages.importRowsOverCap, { max })}`,
    );
    const mine = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(mine.json<Song[]>()).toHaveLength(SONGS_PER_MUSICIAN_MAX);
    const publicList = await app.inject({
      url: `/api/musicians/${musician.musician.slug}/songs`,
    });
    expect(publicList.json<PublicSong[]>().length).toBeLessThanOrEqual(SONGS_PER_MUSICIAN_MAX);

    const one = await app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: musician.auth,
      payload: { title: 'One More', artist: 'Too Many' },
    });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({ detail: fill(messages.songCapReached, { max }) });

    const again = await uploadFile(
      app,
      musician,
      '/api/songs/lst/upload',
      'more.lst',
      lines(20_000, 3),
    );
    expect(again.json()).toMatchObject({ songs_added: 0 });
    expect(again.json<{ message: string }>().message).toContain(
      fill(messages.importOverSongCap, { max, songs: plural(3, 'song', 'songs') }),
    );

    const starter = await app.inject({
      method: 'POST',
      url: '/api/songs/starter-pack',
      headers: musician.auth,
    });
    expect(starter.json()).toMatchObject({ songs_added: 0 });
    expect(starter.json<{ message: string }>().message).toContain(
      messages.importOverSongCap.slice(0, 20),
    );
  }, 120_000);
});
