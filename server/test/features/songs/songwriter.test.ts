import { describe, expect, it } from 'vitest';
import { SONG_FIELD_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Song } from '#shared/schemas/song.ts';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

describe('the songwriter of a song (for performing-rights setlist reports)', () => {
  it('is saved on add, trimmed, and empty when not given', async () => {
    const musician = await registerMusician(app);
    const written = await createSong(app, musician, {
      title: 'Yesterday',
      artist: 'The Beatles',
      songwriter: '  John Lennon, Paul McCartney ',
    });
    expect(written.songwriter).toBe('John Lennon, Paul McCartney');
    expect((await createSong(app, musician, { title: 'Untold' })).songwriter).toBe('');

    const listed = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(
      listed
        .json<Song[]>()
        .map((song) => song.songwriter)
        .sort(),
    ).toEqual(['', 'John Lennon, Paul McCartney']);
  });

  it('is changed and cleared by an edit', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician, { songwriter: 'Noel Gallagher' });
    const put = (songwriter: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/songs/${song.id}`,
        headers: musician.auth,
        payload: { title: song.title, artist: song.artist, songwriter },
      });
    expect((await put('Noel Thomas David Gallagher')).json()).toMatchObject({
      songwriter: 'Noel Thomas David Gallagher',
    });
    expect((await put('')).json()).toMatchObject({ songwriter: '' });
  });

  it.each([
    ['too long', 'x'.repeat(SONG_FIELD_MAX_LENGTH + 1), messages.songSongwriterTooLong],
    ['not text', 42, 'Songwriter must be text.'],
  ])('refuses a songwriter that is %s with 400', async (_label, songwriter, detail) => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: musician.auth,
      payload: { title: 'Wonderwall', artist: 'Oasis', songwriter },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('never reaches the audience page', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { songwriter: 'Private Person' });
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/songs` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Private Person');
    expect(res.json<object[]>()[0]).not.toHaveProperty('songwriter');
  });

  it("cannot be written onto another musician's song", async () => {
    const owner = await registerMusician(app);
    const stranger = await registerMusician(app);
    const song = await createSong(app, owner, { songwriter: 'Original' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/songs/${song.id}`,
      headers: stranger.auth,
      payload: { title: song.title, artist: song.artist, songwriter: 'Hijacked' },
    });
    expect(res.statusCode).toBe(404);
    const mine = await app.inject({ url: '/api/songs', headers: owner.auth });
    expect(mine.json<Song[]>()[0]!.songwriter).toBe('Original');
  });
});
