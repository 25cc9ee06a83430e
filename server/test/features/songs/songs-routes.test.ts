import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Song } from '#shared/schemas/song.ts';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

describe('POST /api/songs', () => {
  it('adds a song, dropping blank genres and moods, with its decade', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: musician.auth,
      payload: {
        title: '  Dancing Queen ',
        artist: 'ABBA',
        genres: ['Pop', ' ', '', 'pop', 'Disco '],
        moods: ['', 'Happy'],
        year: 1976,
        notes: 'Key of A',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Dancing Queen',
      artist: 'ABBA',
      genres: ['Pop', 'Disco'],
      moods: ['Happy'],
      year: 1976,
      decade: '1970s',
      notes: 'Key of A',
      hidden: false,
      request_count: 0,
    });
  });

  it('accepts a missing or empty year as null', async () => {
    const musician = await registerMusician(app);
    expect((await createSong(app, musician, { year: null })).year).toBeNull();
    expect((await createSong(app, musician, { year: '' as unknown as null })).decade).toBeNull();
  });

  it.each([
    [{ artist: 'Oasis' }, messages.songTitleRequired],
    [{ title: '   ', artist: 'Oasis' }, messages.songTitleRequired],
    [{ title: 'Wonderwall' }, messages.songArtistRequired],
    [{ title: 'Wonderwall', artist: 'Oasis', year: 1995.5 }, messages.songYearInvalid],
    [{ title: 'Wonderwall', artist: 'Oasis', year: 'nineteen' }, messages.songYearInvalid],
    [{ title: 'Wonderwall', artist: 'Oasis', year: 99999 }, messages.songYearInvalid],
    [{ title: 'Wonderwall', artist: 'Oasis', genres: 'Rock' }, 'Genres must be a list.'],
  ])('refuses %o with 400', async (payload, detail) => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: musician.auth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('needs a musician token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/songs',
      payload: { title: 'A', artist: 'B' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.loginRequired });
  });
});

describe('GET /api/songs', () => {
  it("lists only the caller's songs in each sort order", async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    await createSong(app, stranger, { title: 'Not Mine', artist: 'Someone' });
    await createSong(app, musician, { title: 'beta', artist: 'Zed', year: 1990 });
    await createSong(app, musician, { title: 'Alpha', artist: 'Young', year: null });
    await createSong(app, musician, { title: 'Gamma', artist: 'Xavier', year: 2001 });

    const titles = async (sortBy?: string) => {
      const res = await app.inject({
        url: `/api/songs${sortBy ? `?sort_by=${sortBy}` : ''}`,
        headers: musician.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json<Song[]>().map((song) => song.title);
    };

    expect(await titles()).toEqual(['Gamma', 'Alpha', 'beta']);
    expect(await titles('created_at')).toEqual(['Gamma', 'Alpha', 'beta']);
    expect(await titles('title')).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(await titles('artist')).toEqual(['Gamma', 'Alpha', 'beta']);
    expect(await titles('year')).toEqual(['Gamma', 'beta', 'Alpha']);
    expect(await titles('popularity')).toEqual(['Alpha', 'beta', 'Gamma']);
    expect((await titles('random')).sort()).toEqual(['Alpha', 'Gamma', 'beta']);
  });

  it('refuses an unknown sort key', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: '/api/songs?sort_by=loudest', headers: musician.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Sort by must be one of');
  });
});

describe('PUT /api/songs/:id, DELETE /api/songs/:id, PUT /api/songs/:id/toggle-visibility', () => {
  it('updates a song', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/songs/${song.id}`,
      headers: musician.auth,
      payload: {
        title: 'Champagne Supernova',
        artist: 'Oasis',
        genres: ['Britpop'],
        moods: [],
        year: null,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: song.id,
      title: 'Champagne Supernova',
      genres: ['Britpop'],
      year: null,
    });
  });

  it('hides and shows a song', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const toggle = () =>
      app.inject({
        method: 'PUT',
        url: `/api/songs/${song.id}/toggle-visibility`,
        headers: musician.auth,
      });

    expect((await toggle()).json()).toEqual({
      success: true,
      hidden: true,
      message: messages.songHidden,
    });
    expect((await toggle()).json()).toEqual({
      success: true,
      hidden: false,
      message: messages.songShown,
    });
  });

  it('deletes a song', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/songs/${song.id}`,
      headers: musician.auth,
    });
    expect(res.json()).toEqual({ success: true, message: messages.songDeleted });
    const list = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(list.json()).toEqual([]);
  });

  it("answers 404 for another musician's song and leaves it untouched", async () => {
    const owner = await registerMusician(app);
    const intruder = await registerMusician(app);
    const song = await createSong(app, owner);
    const payload = { title: 'Hacked', artist: 'Hacker' };

    for (const [method, url] of [
      ['PUT', `/api/songs/${song.id}`],
      ['DELETE', `/api/songs/${song.id}`],
      ['PUT', `/api/songs/${song.id}/toggle-visibility`],
    ] as const) {
      const res = await app.inject({ method, url, headers: intruder.auth, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.songNotFound });
    }
    const ownerList = await app.inject({ url: '/api/songs', headers: owner.auth });
    expect(ownerList.json()).toEqual([song]);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/songs/1%20OR%201=1',
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'This id is not valid.' });
  });
});
