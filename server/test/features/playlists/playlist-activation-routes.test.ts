import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { PlaylistSummary } from '#shared/schemas/playlist.ts';
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
  method: 'PUT' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
) => app.inject({ method, url: `/api/playlists${url}`, headers: musician.auth, payload });

async function flags(musician: TestMusician) {
  const res = await app.inject({ url: '/api/playlists', headers: musician.auth });
  return res
    .json<PlaylistSummary[]>()
    .map((playlist) => [playlist.name, playlist.is_active, playlist.is_public]);
}

describe('PUT /api/playlists/:id/activate', () => {
  it('makes one playlist active, and public, clearing the one active before', async () => {
    const musician = await registerMusician(app);
    const a = await createPlaylist(app, musician, { name: 'A' });
    const b = await createPlaylist(app, musician, { name: 'B' });

    const res = await call(musician, 'PUT', `/${a.id}/activate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: messages.playlistActivated,
      active_playlist_id: a.id,
      playlist: { id: a.id, is_active: true, is_public: true },
    });
    expect(await flags(musician)).toEqual([
      ['A', true, true],
      ['B', false, false],
    ]);

    await activatePlaylist(app, musician, b.id);
    expect(await flags(musician)).toEqual([
      ['A', false, true],
      ['B', true, true],
    ]);
  });

  it('keeps one active playlist when several activations race', async () => {
    const musician = await registerMusician(app);
    const playlists = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => createPlaylist(app, musician, { name })),
    );
    const results = await Promise.all(
      playlists.map((playlist) => call(musician, 'PUT', `/${playlist.id}/activate`)),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await flags(musician)).filter(([, active]) => active)).toHaveLength(1);
  });

  it('goes back to all songs with the all_songs pseudo-playlist', async () => {
    const musician = await registerMusician(app);
    const playlist = await createPlaylist(app, musician, { name: 'A' });
    await activatePlaylist(app, musician, playlist.id);

    const res = await call(musician, 'PUT', '/all_songs/activate');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: messages.playlistDeactivated,
      active_playlist_id: null,
      playlist: null,
    });
    // It stays public: only its active flag goes.
    expect(await flags(musician)).toEqual([['A', false, true]]);
  });

  it('answers 404 for an unknown playlist and 400 for an id that is not one', async () => {
    const musician = await registerMusician(app);
    const unknown = await call(musician, 'PUT', `/${randomUUID()}/activate`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.playlistNotFound });
    const bad = await call(musician, 'PUT', '/everything/activate');
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/playlists/:id/visibility', () => {
  it('makes a playlist public and private again', async () => {
    const musician = await registerMusician(app);
    const playlist = await createPlaylist(app, musician, { name: 'A' });
    const pub = await call(musician, 'PUT', `/${playlist.id}/visibility`, { is_public: true });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({
      id: playlist.id,
      is_public: true,
      is_active: false,
      active_playlist_cleared: false,
    });
    const priv = await call(musician, 'PUT', `/${playlist.id}/visibility`, { is_public: false });
    expect(priv.json()).toMatchObject({ is_public: false, active_playlist_cleared: false });
  });

  it('clears the active playlist when it is made private', async () => {
    const musician = await registerMusician(app);
    const playlist = await createPlaylist(app, musician, { name: 'A' });
    await activatePlaylist(app, musician, playlist.id);
    const res = await call(musician, 'PUT', `/${playlist.id}/visibility`, { is_public: false });
    expect(res.json()).toMatchObject({
      is_public: false,
      is_active: false,
      active_playlist_cleared: true,
    });
    expect(await flags(musician)).toEqual([['A', false, false]]);
  });

  it('refuses a body without a boolean is_public', async () => {
    const musician = await registerMusician(app);
    const playlist = await createPlaylist(app, musician);
    const res = await call(musician, 'PUT', `/${playlist.id}/visibility`, { is_public: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Is public must be true or false.' });
  });
});

describe("another musician's playlist", () => {
  it('answers 403 with the messages of spec section 6 and changes nothing', async () => {
    const owner = await registerMusician(app);
    const intruder = await registerMusician(app);
    const song = await createSong(app, intruder);
    const playlist = await createPlaylist(app, owner, { name: 'Mine' });
    await activatePlaylist(app, owner, playlist.id);
    const before = await flags(owner);

    const cases = [
      ['PUT', '/name', { name: 'Hacked' }, messages.playlistRenameForbidden],
      ['PUT', '/visibility', { is_public: false }, messages.playlistModifyForbidden],
      ['PUT', '', { song_ids: [song.id] }, messages.playlistModifyForbidden],
      ['PUT', '/songs', { song_ids: [song.id] }, messages.playlistModifyForbidden],
      ['PUT', '/activate', undefined, messages.playlistModifyForbidden],
      ['DELETE', '', undefined, messages.playlistDeleteForbidden],
    ] as const;
    for (const [method, suffix, payload, detail] of cases) {
      const res = await call(intruder, method, `/${playlist.id}${suffix}`, payload);
      expect(res.statusCode, `${method} ${suffix}`).toBe(403);
      expect(res.json()).toEqual({ detail });
    }
    expect(await flags(owner)).toEqual(before);
  });

  it('answers 404 Playlist not found for unknown ids on every write', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const id = randomUUID();
    const cases = [
      ['PUT', '/name', { name: 'X' }],
      ['PUT', '/visibility', { is_public: true }],
      ['PUT', '', { song_ids: [song.id] }],
      ['PUT', '/songs', { song_ids: [song.id] }],
      ['DELETE', '', undefined],
    ] as const;
    for (const [method, suffix, payload] of cases) {
      const res = await call(musician, method, `/${id}${suffix}`, payload);
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
      expect(res.json()).toEqual({ detail: messages.playlistNotFound });
    }
  });
});
