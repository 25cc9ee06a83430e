import { describe, expect, it, vi } from 'vitest';
import {
  SONG_LIST_MAX_AGE_MS,
  songListCache,
  VERSIONED_MAX_AGE_MS,
} from '#server/features/audience/song-list-cache.ts';
import { PUSH_VERSION_HEADER } from '#shared/realtime.ts';
import { SONGS_CHANGED_COALESCE_MS } from '#server/realtime/audience-pushes.ts';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const read = (musicianId: string, body: string) => async () => ({ musicianId, body });

describe('the song list cache', () => {
  it('keeps a list for less than half the wait of the push that makes phones refetch it', () => {
    expect(SONG_LIST_MAX_AGE_MS * 2).toBeLessThan(SONGS_CHANGED_COALESCE_MS);
  });

  it('reads a list once per max age, and again once the musician forgets it', async () => {
    let now = 0;
    const cache = songListCache(() => now);
    const load = vi.fn(read('m1', '[1]'));
    const first = await cache.answer('a?{}', load);
    expect(await cache.answer('a?{}', load)).toEqual(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(first.etag).toMatch(/^".+"$/);

    now += SONG_LIST_MAX_AGE_MS;
    await cache.answer('a?{}', load);
    expect(load).toHaveBeenCalledTimes(2);

    cache.forget('m2');
    await cache.answer('a?{}', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.forget('m1');
    await cache.answer('a?{}', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("serves a push's version from one read for as long as its crowd takes", async () => {
    let now = 0;
    const cache = songListCache(() => now);
    const load = vi.fn(read('m1', '[1]'));
    await cache.answer('a?{}', load, 'v1');
    now += SONG_LIST_MAX_AGE_MS * 10;
    await cache.answer('a?{}', load, 'v1');
    expect(load).toHaveBeenCalledTimes(1);
    // A phone naming no version, or another one, is not answered from a read that old.
    await cache.answer('a?{}', load);
    expect(load).toHaveBeenCalledTimes(2);
    // A read younger than the max age answers any version (it followed the push, too).
    await cache.answer('a?{}', load, 'v2');
    expect(load).toHaveBeenCalledTimes(2);
    now += SONG_LIST_MAX_AGE_MS;
    await cache.answer('a?{}', load, 'v2');
    expect(load).toHaveBeenCalledTimes(3);
    now += VERSIONED_MAX_AGE_MS;
    await cache.answer('a?{}', load, 'v2');
    expect(load).toHaveBeenCalledTimes(4);
    // The musician's own change on this process drops even a versioned read.
    cache.forget('m1');
    await cache.answer('a?{}', load, 'v2');
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('keeps no failed read', async () => {
    const cache = songListCache(() => 0);
    await expect(cache.answer('a?{}', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect((await cache.answer('a?{}', read('m1', '[]'))).body).toBe('[]');
  });

  it('answers a crowd refetching at once with one read, and a change at once after', async () => {
    const { app } = await startTestApp();
    const musician = await registerMusician(app);
    await createSong(app, musician);
    const songs = vi.spyOn(app.services.audience, 'songs');
    const moved = vi.spyOn(app.services.audience, 'movedTo');
    const url = `/api/musicians/${musician.musician.slug}/songs`;

    const crowd = await Promise.all(Array.from({ length: 50 }, () => app.inject({ url })));
    expect(crowd.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(crowd.map((res) => res.headers.etag)).size).toBe(1);
    expect(crowd[0]!.json()).toHaveLength(1);
    expect(songs).toHaveBeenCalledTimes(1);
    expect(moved).toHaveBeenCalledTimes(1);

    // This process published the change: its copy goes at once, with no wait for the push.
    await createSong(app, musician, { title: 'Creep', artist: 'Radiohead' });
    const after = await app.inject({ url });
    expect(after.json()).toHaveLength(2);
    expect(songs).toHaveBeenCalledTimes(2);

    // The crowd of a push, naming its version (a malformed one is ignored, not refused), once
    // the last read is too old to answer phones naming none.
    await new Promise((resolve) => setTimeout(resolve, SONG_LIST_MAX_AGE_MS + 50));
    const headers = { [PUSH_VERSION_HEADER]: 'mfx3k2' };
    const movedBefore = moved.mock.calls.length;
    const crowdOfPush = () =>
      Promise.all(Array.from({ length: 20 }, () => app.inject({ url, headers })));
    const pushed = await crowdOfPush();
    expect(pushed.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(songs).toHaveBeenCalledTimes(3);
    expect(moved).toHaveBeenCalledTimes(movedBefore + 1);
    // Its stragglers, later than any unversioned read would be kept: still no read of their own.
    await new Promise((resolve) => setTimeout(resolve, SONG_LIST_MAX_AGE_MS + 50));
    await crowdOfPush();
    expect(songs).toHaveBeenCalledTimes(3);
    expect(moved).toHaveBeenCalledTimes(movedBefore + 1);
    const odd = await app.inject({ url, headers: { [PUSH_VERSION_HEADER]: 'x'.repeat(500) } });
    expect(odd.statusCode).toBe(200);
  });
});
