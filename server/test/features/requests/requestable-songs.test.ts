import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Song } from '#shared/schemas/song.ts';
import {
  activatePlaylist,
  createPlaylist,
  createSong,
  registerMusician,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const request = (song: Song) =>
  app.inject({
    method: 'POST',
    url: '/api/requests',
    payload: {
      song_id: song.id,
      requester_name: 'Alex',
      requester_email: `alex-${song.id}@example.com`,
      dedication: '',
      tip_amount: 0,
    },
  });

const makePublic = (musician: TestMusician, playlistId: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/playlists/${playlistId}/visibility`,
    headers: musician.auth,
    payload: { is_public: true },
  });

/** Three songs: one in the set, one in a public playlist, one in a private one. */
async function musicianWithSet() {
  const musician = await registerMusician(app);
  const inSet = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
  const inPublic = await createSong(app, musician, { title: 'Africa', artist: 'Toto' });
  const elsewhere = await createSong(app, musician, { title: 'Halo', artist: 'Beyonce' });
  const set = await createPlaylist(app, musician, { song_ids: [inSet.id] });
  const open = await createPlaylist(app, musician, { song_ids: [inPublic.id] });
  await makePublic(musician, open.id);
  await createPlaylist(app, musician, { song_ids: [elsewhere.id] });
  return { musician, set, inSet, inPublic, elsewhere };
}

describe('POST /api/requests and the active playlist', () => {
  it('takes any visible song while no playlist is active', async () => {
    const { elsewhere } = await musicianWithSet();

    expect((await request(elsewhere)).statusCode).toBe(201);
  });

  it("takes the active playlist's songs and the public playlists', refusing the rest", async () => {
    const { musician, set, inSet, inPublic, elsewhere } = await musicianWithSet();
    await activatePlaylist(app, musician, set.id);

    expect((await request(inSet)).statusCode).toBe(201);
    expect((await request(inPublic)).statusCode).toBe(201);
    const refused = await request(elsewhere);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: messages.requestSongNotInSet });
  });

  it('takes every song again once the playlist is no longer active', async () => {
    const { musician, set, elsewhere } = await musicianWithSet();
    await activatePlaylist(app, musician, set.id);
    expect((await request(elsewhere)).statusCode).toBe(409);

    await activatePlaylist(app, musician, 'all_songs');
    expect((await request(elsewhere)).statusCode).toBe(201);
  });
});
