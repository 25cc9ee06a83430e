import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import {
  activatePlaylist,
  createPlaylist,
  createSong,
  hideSong,
  registerMusician,
  suggestionPayload,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const suggest = (musician: TestMusician, title: string, artist: string) =>
  app.inject({
    method: 'POST',
    url: '/api/song-suggestions',
    payload: suggestionPayload(musician, { suggested_title: title, suggested_artist: artist }),
  });

describe('POST /api/song-suggestions of a song already on the list', () => {
  it('is refused with a hint to request it instead, whatever the case and spaces', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });

    const res = await suggest(musician, '  jolene ', 'DOLLY PARTON');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.suggestionAlreadyListed });
  });

  it('is taken when the song is hidden, or outside the active playlist', async () => {
    const musician = await registerMusician(app);
    const hidden = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
    await hideSong(app, musician, hidden);
    const offSet = await createSong(app, musician, { title: 'Halo', artist: 'Beyonce' });
    const inSet = await createSong(app, musician, { title: 'Africa', artist: 'Toto' });
    const set = await createPlaylist(app, musician, { song_ids: [inSet.id] });
    await activatePlaylist(app, musician, set.id);

    expect((await suggest(musician, 'Jolene', 'Dolly Parton')).statusCode).toBe(201);
    expect((await suggest(musician, offSet.title, offSet.artist)).statusCode).toBe(201);
    expect((await suggest(musician, 'Africa', 'Toto')).statusCode).toBe(409);
  });

  it("is taken for another musician's song, or the same title by another artist", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    await createSong(app, other, { title: 'Jolene', artist: 'Dolly Parton' });
    await createSong(app, musician, { title: 'Jolene', artist: 'The White Stripes' });

    expect((await suggest(musician, 'Jolene', 'Dolly Parton')).statusCode).toBe(201);
  });
});
