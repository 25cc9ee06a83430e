import { describe, expect, it } from 'vitest';
import { fill } from '#shared/fill-message.ts';
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
    expect(
      (
        await createSong(app, musician, {
          title: 'Half the World Away',
          year: '' as unknown as null,
        })
      ).decade,
    ).toBeNull();
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

describe('duplicate songs (the import rule: same title and artist, any case and spacing)', () => {
  const payload = { genres: [], moods: [], year: null };

  it('refuses adding a song the musician already has with 409, naming it', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Été', artist: 'Zaz' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: musician.auth,
      payload: { ...payload, title: '  ÉTÉ ', artist: 'zaz' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: fill(messages.songDuplicate, { title: 'Été', artist: 'Zaz' }),
    });
    const list = await app.inject({ method: 'GET', url: '/api/songs', headers: musician.auth });
    expect(list.json<Song[]>()).toHaveLength(1);
  });

  it('lets another musician add the same song, and a different artist’s song of that title', async () => {
    const first = await registerMusician(app);
    const second = await registerMusician(app);
    await createSong(app, first, { title: 'Hallelujah', artist: 'Leonard Cohen' });
    await createSong(app, second, { title: 'Hallelujah', artist: 'Leonard Cohen' });
    const other = await createSong(app, first, { title: 'Hallelujah', artist: 'Jeff Buckley' });
    expect(other.artist).toBe('Jeff Buckley');
  });

  it('refuses editing a song into a copy of another, but saves a song unchanged', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Wonderwall', artist: 'Oasis' });
    const song = await createSong(app, musician, { title: 'Live Forever', artist: 'Oasis' });
    const edit = (title: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/songs/${song.id}`,
        headers: musician.auth,
        payload: { ...payload, title, artist: 'Oasis' },
      });
    const refused = await edit('wonderwall');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: fill(messages.songDuplicate, { title: 'Wonderwall', artist: 'Oasis' }),
    });
    const same = await edit('LIVE FOREVER');
    expect(same.statusCode).toBe(200);
    expect(same.json<Song>().title).toBe('LIVE FOREVER');
  });

  it('lets only one of two simultaneous adds of one song in', async () => {
    const musician = await registerMusician(app);
    const add = () =>
      app.inject({
        method: 'POST',
        url: '/api/songs',
        headers: musician.auth,
        payload: { ...payload, title: 'Yesterday', artist: 'The Beatles' },
      });
    const codes = (await Promise.all([add(), add()])).map((res) => res.statusCode);
    expect(codes.sort()).toEqual([201, 409]);
  });
});
