import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '#server/events/domain-events.ts';
import {
  activatePlaylist,
  createPlaylist,
  createSong,
  registerMusician,
  submitSuggestion,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from '#server-test/features/song-import/upload.ts';

// The bundled catalogue only: auto-fill works offline and at once.
const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const published: DomainEvent[] = [];
app.services.events.onEvent((event) => published.push(event));

/** How many songs:changed events the musician's action published (services publish at once). */
async function songsChangedBy(musician: TestMusician, action: () => Promise<unknown>) {
  const count = () =>
    published.filter((e) => e.name === 'songs:changed' && e.musicianId === musician.musician.id)
      .length;
  const before = count();
  await action();
  return count() - before;
}

/** A musician's call that must succeed (a refused one would publish nothing and prove nothing). */
async function as(musician: TestMusician, method: string, url: string, payload?: object) {
  const res = await app.inject({
    method: method as 'PUT',
    url,
    headers: musician.auth,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

describe('songs:changed: the public song list of a musician changed', () => {
  it('is published once by each song edit of the Songs tab', async () => {
    const musician = await registerMusician(app);
    let song = await createSong(app, musician);
    const another = () => createSong(app, musician, { title: 'Live Forever' });
    expect(await songsChangedBy(musician, another)).toBe(1);
    expect(
      await songsChangedBy(musician, async () => {
        song = (
          await as(musician, 'PUT', `/api/songs/${song.id}`, { title: 'Renamed', artist: 'X' })
        ).json();
      }),
    ).toBe(1);
    expect(
      await songsChangedBy(musician, () =>
        as(musician, 'PUT', `/api/songs/${song.id}/toggle-visibility`),
      ),
    ).toBe(1);
    expect(
      await songsChangedBy(musician, () => as(musician, 'DELETE', `/api/songs/${song.id}`)),
    ).toBe(1);
  });

  it('is published once for a batch edit or delete, however many songs', async () => {
    const musician = await registerMusician(app);
    const songs = await Promise.all(
      ['A', 'B', 'C', 'D'].map((title) => createSong(app, musician, { title })),
    );
    const song_ids = songs.map((song) => song.id);
    expect(
      await songsChangedBy(musician, () =>
        as(musician, 'PUT', '/api/songs/batch-edit', { song_ids, updates: { year: 1999 } }),
      ),
    ).toBe(1);
    expect(
      await songsChangedBy(musician, () =>
        as(musician, 'POST', '/api/songs/batch-delete', { song_ids }),
      ),
    ).toBe(1);
  });

  it('is published once per import, not once per song', async () => {
    const musician = await registerMusician(app);
    const csv = 'Title,Artist\nSong One,Band\nSong Two,Band\nSong Three,Band\n';
    expect(
      await songsChangedBy(musician, () =>
        uploadFile(app, musician, '/api/songs/csv/upload', 'set.csv', csv),
      ),
    ).toBe(1);
    const lst = 'Song Four - Band\nSong Five - Band\n';
    expect(
      await songsChangedBy(musician, () =>
        uploadFile(app, musician, '/api/songs/lst/upload', 'set.lst', lst),
      ),
    ).toBe(1);
    expect(
      await songsChangedBy(musician, () => as(musician, 'POST', '/api/songs/starter-pack')),
    ).toBe(1);
    // Nothing new (every song already there): nothing changed.
    expect(
      await songsChangedBy(musician, () => as(musician, 'POST', '/api/songs/starter-pack')),
    ).toBe(0);
  });

  it('is published when auto-fill fills songs in, and when a suggestion is added', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton', genres: [] });
    expect(
      await songsChangedBy(musician, () => as(musician, 'POST', '/api/songs/batch-enrich')),
    ).toBe(1);
    expect(
      await songsChangedBy(musician, () => as(musician, 'POST', '/api/songs/batch-enrich')),
    ).toBe(0);

    const suggestion = await submitSuggestion(app, musician);
    expect(
      await songsChangedBy(musician, () =>
        as(musician, 'PUT', `/api/song-suggestions/${suggestion.id}/status`, { status: 'added' }),
      ),
    ).toBe(1);
  });

  it('is published by playlist changes the audience can see, not by private edits', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const playlist = await createPlaylist(app, musician, { song_ids: [song.id] });
    const path = `/api/playlists/${playlist.id}`;

    // Private (the default): editing it changes nothing on the audience page.
    expect(await songsChangedBy(musician, () => as(musician, 'PUT', path, { song_ids: [] }))).toBe(
      0,
    );
    expect(
      await songsChangedBy(musician, () =>
        as(musician, 'PUT', `${path}/name`, { name: 'Quiet rename' }),
      ),
    ).toBe(0);

    expect(await songsChangedBy(musician, () => activatePlaylist(app, musician, playlist.id))).toBe(
      1,
    );
    expect(
      await songsChangedBy(musician, () => as(musician, 'PUT', path, { song_ids: [song.id] })),
    ).toBe(1);
    expect(
      await songsChangedBy(musician, () =>
        as(musician, 'PUT', `${path}/songs`, { song_ids: [song.id] }),
      ),
    ).toBe(1);
    expect(
      await songsChangedBy(musician, () =>
        as(musician, 'PUT', `${path}/name`, { name: 'Public rename' }),
      ),
    ).toBe(1);
    expect(
      await songsChangedBy(musician, () =>
        as(musician, 'PUT', `${path}/visibility`, { is_public: false }),
      ),
    ).toBe(1);
    expect(await songsChangedBy(musician, () => as(musician, 'DELETE', path))).toBe(1);
  });
});
