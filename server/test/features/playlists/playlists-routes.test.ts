import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Playlist, PlaylistSummary } from '#shared/schemas/playlist.ts';
import type { TestMusician } from '#server-test/helpers/factories.ts';
import {
  activatePlaylist,
  createPlaylist,
  createSong,
  registerMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const call = (
  musician: TestMusician,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
) => app.inject({ method, url: `/api/playlists${url}`, headers: musician.auth, payload });

async function listOf(musician: TestMusician): Promise<PlaylistSummary[]> {
  return (await call(musician, 'GET', '')).json<PlaylistSummary[]>();
}

async function threeSongs(musician: TestMusician) {
  return [
    await createSong(app, musician, { title: 'One' }),
    await createSong(app, musician, { title: 'Two' }),
    await createSong(app, musician, { title: 'Three' }),
  ] as const;
}

describe('POST /api/playlists', () => {
  it('creates a private, inactive playlist keeping the order of its songs', async () => {
    const musician = await registerMusician(app);
    const [one, two, three] = await threeSongs(musician);
    const res = await call(musician, 'POST', '', {
      name: '  Late Set ',
      song_ids: [three.id, one.id, two.id, one.id],
    });
    expect(res.statusCode).toBe(201);
    const playlist = res.json<Playlist>();
    expect(playlist).toMatchObject({
      name: 'Late Set',
      is_active: false,
      is_public: false,
      song_count: 3,
      song_ids: [three.id, one.id, two.id],
    });
    expect(playlist.songs.map((song) => song.title)).toEqual(['Three', 'One', 'Two']);
  });

  it('creates an empty playlist when no songs are given', async () => {
    const musician = await registerMusician(app);
    const res = await call(musician, 'POST', '', { name: 'Later' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ song_count: 0, song_ids: [], songs: [] });
  });

  it.each([
    [{}, messages.playlistNameMissing],
    [{ name: '   ' }, messages.playlistNameMissing],
    [{ name: 'x'.repeat(101) }, messages.playlistNameTooLong],
    [{ name: 'Ok', song_ids: ['nope'] }, 'This id is not valid.'],
  ])('refuses %o with 400', async (payload, detail) => {
    const musician = await registerMusician(app);
    const res = await call(musician, 'POST', '', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect(await listOf(musician)).toEqual([]);
  });

  it('accepts a name of exactly 100 characters', async () => {
    const musician = await registerMusician(app);
    const playlist = await createPlaylist(app, musician, { name: 'y'.repeat(100) });
    expect(playlist.name).toHaveLength(100);
  });

  it("refuses another musician's songs and unknown ids, creating nothing", async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const mine = await createSong(app, musician);
    const theirs = await createSong(app, stranger);
    for (const foreign of [theirs.id, randomUUID()]) {
      const res = await call(musician, 'POST', '', { name: 'Mix', song_ids: [mine.id, foreign] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.playlistSongsNotYours });
    }
    expect(await listOf(musician)).toEqual([]);
  });

  it('needs a musician token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/playlists', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.loginRequired });
  });
});

describe('GET /api/playlists and GET /api/playlists/:id', () => {
  it("lists only the caller's playlists, oldest first, with song ids and no song bodies", async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    await createPlaylist(app, stranger, { name: 'Not mine' });
    const [one, two] = await threeSongs(musician);
    const first = await createPlaylist(app, musician, {
      name: 'First',
      song_ids: [two.id, one.id],
    });
    const second = await createPlaylist(app, musician, { name: 'Second' });

    expect(await listOf(musician)).toEqual([
      {
        id: first.id,
        name: 'First',
        is_active: false,
        is_public: false,
        song_count: 2,
        song_ids: [two.id, one.id],
      },
      {
        id: second.id,
        name: 'Second',
        is_active: false,
        is_public: false,
        song_count: 0,
        song_ids: [],
      },
    ]);
  });

  it('returns one playlist with its songs (hidden ones included) in order', async () => {
    const musician = await registerMusician(app);
    const [one, two, three] = await threeSongs(musician);
    await app.inject({
      method: 'PUT',
      url: `/api/songs/${two.id}/toggle-visibility`,
      headers: musician.auth,
    });
    const created = await createPlaylist(app, musician, { song_ids: [two.id, three.id, one.id] });
    const res = await call(musician, 'GET', `/${created.id}`);
    expect(res.statusCode).toBe(200);
    const playlist = res.json<Playlist>();
    expect(playlist.songs.map((song) => [song.title, song.hidden])).toEqual([
      ['Two', true],
      ['Three', false],
      ['One', false],
    ]);
  });

  it("answers 404 for an unknown id and for another musician's playlist", async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const theirs = await createPlaylist(app, stranger);
    for (const id of [randomUUID(), theirs.id]) {
      const res = await call(musician, 'GET', `/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.playlistNotFound });
    }
  });
});

describe('PUT /api/playlists/:id (replace) and PUT /api/playlists/:id/songs (add)', () => {
  it('refuses a replace without song_ids instead of emptying the playlist', async () => {
    const musician = await registerMusician(app);
    const [one, two] = await threeSongs(musician);
    const playlist = await createPlaylist(app, musician, { song_ids: [one.id, two.id] });

    for (const body of [{}, { song_ids: null }, { songs: [one.id] }]) {
      const res = await call(musician, 'PUT', `/${playlist.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const kept = await call(musician, 'GET', `/${playlist.id}`);
    expect(kept.json<Playlist>().song_ids).toEqual([one.id, two.id]);

    const emptied = await call(musician, 'PUT', `/${playlist.id}`, { song_ids: [] });
    expect(emptied.json<Playlist>().song_count).toBe(0);
  });

  it('replaces the whole ordered list: reorder and remove', async () => {
    const musician = await registerMusician(app);
    const [one, two, three] = await threeSongs(musician);
    const playlist = await createPlaylist(app, musician, { song_ids: [one.id, two.id, three.id] });

    const res = await call(musician, 'PUT', `/${playlist.id}`, { song_ids: [three.id, one.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<Playlist>()).toMatchObject({ song_count: 2, song_ids: [three.id, one.id] });
    expect(res.json<Playlist>().songs.map((song) => song.title)).toEqual(['Three', 'One']);

    const emptied = await call(musician, 'PUT', `/${playlist.id}`, { song_ids: [] });
    expect(emptied.json<Playlist>()).toMatchObject({ song_count: 0, song_ids: [] });
  });

  it('adds songs at the end, skipping those already in', async () => {
    const musician = await registerMusician(app);
    const [one, two, three] = await threeSongs(musician);
    const playlist = await createPlaylist(app, musician, { song_ids: [two.id] });

    const res = await call(musician, 'PUT', `/${playlist.id}/songs`, {
      song_ids: [three.id, two.id, one.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Playlist>()).toMatchObject({
      song_count: 3,
      song_ids: [two.id, three.id, one.id],
    });
    const again = await call(musician, 'PUT', `/${playlist.id}/songs`, { song_ids: [one.id] });
    expect(again.json<Playlist>().song_ids).toEqual([two.id, three.id, one.id]);
  });

  it('refuses to add nothing, and refuses songs that are not the caller’s', async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const theirs = await createSong(app, stranger);
    const playlist = await createPlaylist(app, musician);

    const empty = await call(musician, 'PUT', `/${playlist.id}/songs`, { song_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: messages.playlistSongsSelectionEmpty });

    for (const url of [`/${playlist.id}`, `/${playlist.id}/songs`]) {
      const res = await call(musician, 'PUT', url, { song_ids: [theirs.id] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.playlistSongsNotYours });
    }
    expect((await listOf(musician))[0]!.song_ids).toEqual([]);
  });
});

describe('PUT /api/playlists/:id/name', () => {
  it('renames, trimming the name', async () => {
    const musician = await registerMusician(app);
    const playlist = await createPlaylist(app, musician, { name: 'Old' });
    const res = await call(musician, 'PUT', `/${playlist.id}/name`, { name: '  New name ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: playlist.id, name: 'New name' });
    expect((await listOf(musician))[0]!.name).toBe('New name');
  });

  it.each([
    [{ name: '' }, messages.playlistNameEmpty],
    [{ name: '   ' }, messages.playlistNameEmpty],
    [{}, messages.playlistNameEmpty],
    [{ name: 'z'.repeat(101) }, messages.playlistNameTooLong],
  ])('refuses %o with 400', async (payload, detail) => {
    const musician = await registerMusician(app);
    const playlist = await createPlaylist(app, musician, { name: 'Keep' });
    const res = await call(musician, 'PUT', `/${playlist.id}/name`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect((await listOf(musician))[0]!.name).toBe('Keep');
  });
});

describe('DELETE /api/playlists/:id', () => {
  it('deletes a playlist but not its songs', async () => {
    const musician = await registerMusician(app);
    const [one] = await threeSongs(musician);
    const playlist = await createPlaylist(app, musician, { song_ids: [one.id] });
    const res = await call(musician, 'DELETE', `/${playlist.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: messages.playlistDeleted,
      active_playlist_cleared: false,
    });
    expect(await listOf(musician)).toEqual([]);
    const songs = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(songs.json()).toHaveLength(3);
  });

  it('clears the active playlist when it is the one deleted', async () => {
    const musician = await registerMusician(app);
    const playlist = await createPlaylist(app, musician);
    await activatePlaylist(app, musician, playlist.id);
    const res = await call(musician, 'DELETE', `/${playlist.id}`);
    expect(res.json()).toEqual({
      message: messages.playlistDeleted,
      active_playlist_cleared: true,
    });
    const again = await call(musician, 'DELETE', `/${playlist.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: messages.playlistNotFound });
  });
});
