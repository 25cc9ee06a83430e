import { describe, expect, it } from 'vitest';
import {
  createPlaylist,
  createSong,
  registerMusician,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice, type TestDevice } from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

async function as(musician: TestMusician, method: string, path: string, payload?: object) {
  const res = await app.inject({
    method: method as 'PUT',
    url: path,
    headers: musician.auth,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
  return res;
}

const count = (device: TestDevice, name: string) =>
  device.received.filter((event) => event.name === name).length;

/**
 * Waits until each device has received the event again (exact counts per write are
 * songs-changed-events.test.ts's business: an import may also publish once its auto-fill ends).
 */
async function eachGets(devices: TestDevice[], name: string, action: () => Promise<unknown>) {
  const before = devices.map((device) => count(device, name));
  await action();
  for (const [i, device] of devices.entries()) {
    await expect
      .poll(() => count(device, name) - before[i]!, { timeout: 5000 })
      .toBeGreaterThanOrEqual(1);
  }
}

describe("song and playlist changes reach the musician's other devices", () => {
  it('sends songs:changed to the laptop and the tablet for every song write, and no one else', async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    const laptop = await connectDevice(url, musician.token);
    const tablet = await connectDevice(url, musician.token);
    const strangerPhone = await connectDevice(url, stranger.token);
    const devices = [laptop, tablet];

    let song = await createSong(app, musician, { title: 'First' });
    await expect.poll(() => count(tablet, 'songs:changed')).toBe(1);
    await eachGets(devices, 'songs:changed', async () => {
      song = (
        await as(musician, 'PUT', `/api/songs/${song.id}`, { title: 'Renamed', artist: 'X' })
      ).json();
    });
    await eachGets(devices, 'songs:changed', () =>
      as(musician, 'PUT', `/api/songs/${song.id}/toggle-visibility`),
    );
    const other = await createSong(app, musician, { title: 'Second' });
    await eachGets(devices, 'songs:changed', () =>
      as(musician, 'PUT', '/api/songs/batch-edit', {
        song_ids: [song.id, other.id],
        updates: { year: 1999 },
      }),
    );
    await eachGets(devices, 'songs:changed', () =>
      as(musician, 'POST', '/api/songs/starter-pack', {}),
    );
    await eachGets(devices, 'songs:changed', () =>
      as(musician, 'POST', '/api/songs/batch-delete', { song_ids: [other.id] }),
    );
    await eachGets(devices, 'songs:changed', () => as(musician, 'DELETE', `/api/songs/${song.id}`));

    // The stranger's own song proves their phone was listening: it got only that one.
    await createSong(app, stranger);
    await expect.poll(() => count(strangerPhone, 'songs:changed')).toBe(1);
    expect(strangerPhone.received.map((event) => event.name)).toEqual(['songs:changed']);
  });

  it('sends playlists:changed for every playlist write, private ones too', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const laptop = await connectDevice(url, musician.token);
    const tablet = await connectDevice(url, musician.token);
    const devices = [laptop, tablet];

    let playlist!: Awaited<ReturnType<typeof createPlaylist>>;
    await eachGets(devices, 'playlists:changed', async () => {
      playlist = await createPlaylist(app, musician, { name: 'Private set' });
    });
    // A private playlist is none of the audience's business: no songs:changed for it.
    expect(count(tablet, 'songs:changed')).toBe(0);
    const path = `/api/playlists/${playlist.id}`;
    await eachGets(devices, 'playlists:changed', () =>
      as(musician, 'PUT', `${path}/songs`, { song_ids: [song.id] }),
    );
    await eachGets(devices, 'playlists:changed', () =>
      as(musician, 'PUT', path, { song_ids: [song.id] }),
    );
    await eachGets(devices, 'playlists:changed', () =>
      as(musician, 'PUT', `${path}/name`, { name: 'Renamed set' }),
    );
    expect(count(tablet, 'songs:changed')).toBe(0);
    await eachGets(devices, 'playlists:changed', () => as(musician, 'PUT', `${path}/activate`));
    await eachGets(devices, 'playlists:changed', () =>
      as(musician, 'PUT', `${path}/visibility`, { is_public: false }),
    );
    await eachGets(devices, 'playlists:changed', () => as(musician, 'DELETE', path));
  });
});
