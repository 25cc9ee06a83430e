import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Playlist } from '#shared/schemas/playlist.ts';
import { BATCH_MAX_SONGS, type Song } from '#shared/schemas/song.ts';
import type { TestMusician } from '#server-test/helpers/factories.ts';
import { createPlaylist, createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const batchEdit = (musician: TestMusician, payload: InjectOptions['payload']) =>
  app.inject({ method: 'PUT', url: '/api/songs/batch-edit', headers: musician.auth, payload });

const batchDelete = (musician: TestMusician, payload: InjectOptions['payload']) =>
  app.inject({ method: 'POST', url: '/api/songs/batch-delete', headers: musician.auth, payload });

async function songsOf(musician: TestMusician): Promise<Song[]> {
  const res = await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth });
  return res.json<Song[]>();
}

describe('PUT /api/songs/batch-edit', () => {
  it('changes only the filled fields; genres and moods replace', async () => {
    const musician = await registerMusician(app);
    const a = await createSong(app, musician, {
      title: 'A',
      artist: 'Old',
      genres: ['Rock', 'Pop'],
      moods: ['Sad'],
      year: 1990,
      notes: 'Capo 2',
    });
    const b = await createSong(app, musician, { title: 'B', artist: 'Old', year: null });
    const untouched = await createSong(app, musician, { title: 'C', artist: 'Old' });

    const res = await batchEdit(musician, {
      song_ids: [a.id, b.id, a.id],
      updates: { artist: ' New ', genres: ['Jazz', ' ', 'jazz'], year: '', notes: '  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, updated_count: 2 });

    const [afterA, afterB, afterC] = await songsOf(musician);
    expect(afterA).toMatchObject({
      artist: 'New',
      genres: ['Jazz'],
      moods: ['Sad'],
      year: 1990,
      notes: 'Capo 2',
    });
    expect(afterB).toMatchObject({ artist: 'New', genres: ['Jazz'], year: null });
    expect(afterC).toEqual(untouched);
  });

  it('sets the year, moods and notes when given', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician, { moods: ['Calm'], year: null });
    const res = await batchEdit(musician, {
      song_ids: [song.id],
      updates: { moods: ['Happy', 'Upbeat'], year: 1984, notes: 'Encore' },
    });
    expect(res.json()).toEqual({ success: true, updated_count: 1 });
    const [after] = await songsOf(musician);
    expect(after).toMatchObject({
      moods: ['Happy', 'Upbeat'],
      year: 1984,
      decade: '1980s',
      notes: 'Encore',
      artist: song.artist,
      genres: song.genres,
    });
  });

  it("never touches another musician's song and does not count it", async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const mine = await createSong(app, musician);
    const theirs = await createSong(app, stranger, { artist: 'Theirs' });

    const res = await batchEdit(musician, {
      song_ids: [mine.id, theirs.id, randomUUID()],
      updates: { artist: 'Hijacked' },
    });
    expect(res.json()).toEqual({ success: false, updated_count: 1 });
    expect(await songsOf(stranger)).toEqual([theirs]);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ updates: {} }, messages.batchNothingToUpdate, 'nothing filled'],
    [
      { updates: { artist: '', genres: [' '], moods: [], year: null, notes: '' } },
      messages.batchNothingToUpdate,
      'only blanks',
    ],
    [{ song_ids: [], updates: { artist: 'X' } }, messages.batchUpdateSelectionEmpty, 'no songs'],
    [
      { song_ids: undefined, updates: { artist: 'X' } },
      messages.batchUpdateSelectionEmpty,
      'no ids',
    ],
    [{ updates: { year: 'soon' } }, messages.songYearInvalid, 'a bad year'],
  ])('refuses %o with 400 (%s)', async (payload, detail) => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const res = await batchEdit(musician, { song_ids: [song.id], ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect(await songsOf(musician)).toEqual([song]);
  });

  it('refuses ids that are not uuids and more than the batch limit', async () => {
    const musician = await registerMusician(app);
    const bad = await batchEdit(musician, { song_ids: ['1 OR 1=1'], updates: { artist: 'X' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'This id is not valid.' });

    const ids = Array.from({ length: BATCH_MAX_SONGS + 1 }, () => randomUUID());
    const tooMany = await batchEdit(musician, { song_ids: ids, updates: { artist: 'X' } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ detail: messages.batchTooManySongs });
  });

  it('needs a musician token', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/songs/batch-edit',
      payload: { song_ids: [randomUUID()], updates: { artist: 'X' } },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/songs/batch-delete', () => {
  it('deletes the selected songs in one call', async () => {
    const musician = await registerMusician(app);
    const a = await createSong(app, musician, { title: 'A' });
    const b = await createSong(app, musician, { title: 'B' });
    const kept = await createSong(app, musician, { title: 'C' });

    const res = await batchDelete(musician, { song_ids: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, deleted_count: 2, failed_count: 0 });
    expect(await songsOf(musician)).toEqual([kept]);
  });

  it("counts unknown ids and another musician's songs as failed, leaving them untouched", async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const mine = await createSong(app, musician);
    const theirs = await createSong(app, stranger);

    const res = await batchDelete(musician, { song_ids: [mine.id, theirs.id, randomUUID()] });
    expect(res.json()).toEqual({ success: false, deleted_count: 1, failed_count: 2 });
    expect(await songsOf(musician)).toEqual([]);
    expect(await songsOf(stranger)).toEqual([theirs]);

    const none = await batchDelete(musician, { song_ids: [theirs.id] });
    expect(none.json()).toEqual({ success: false, deleted_count: 0, failed_count: 1 });
  });

  it('removes deleted songs from playlists, keeping the order of the rest', async () => {
    const musician = await registerMusician(app);
    const [a, b, c] = [
      await createSong(app, musician, { title: 'A' }),
      await createSong(app, musician, { title: 'B' }),
      await createSong(app, musician, { title: 'C' }),
    ];
    const playlist = await createPlaylist(app, musician, { song_ids: [c.id, b.id, a.id] });
    await batchDelete(musician, { song_ids: [b.id] });
    const res = await app.inject({ url: `/api/playlists/${playlist.id}`, headers: musician.auth });
    expect(res.json<Playlist>()).toMatchObject({ song_count: 2, song_ids: [c.id, a.id] });
  });

  it('refuses an empty selection with the spec message', async () => {
    const musician = await registerMusician(app);
    for (const payload of [{ song_ids: [] }, {}]) {
      const res = await batchDelete(musician, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.batchDeleteSelectionEmpty });
    }
  });
});
