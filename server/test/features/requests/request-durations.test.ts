import { describe, expect, it } from 'vitest';
import type { RequestsResponse, SongRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';

// The stage adds up the queue by the clock (client queue-timeline.ts): every request the musician
// is shown carries its song's length and, once played, when. The requester's view does not.

let now = Date.now();
const { app, url } = await startTestApp({ clock: () => new Date(now) }, { listen: true });

const listOf = async (musician: TestMusician) => {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json<RequestsResponse>().requests;
};

const byTitle = (requests: SongRequest[], title: string) =>
  requests.find((request) => request.song_title === title)!;

describe("a request's song length on the musician's screens", () => {
  it("is on the list, the polls and the pushes; null when unknown, the song's current one", async () => {
    const musician = await registerMusician(app);
    const timed = await createSong(app, musician, { title: 'Timed', duration_seconds: '3:45' });
    const untimed = await createSong(app, musician, { title: 'Untimed', duration_seconds: '' });
    const device = await connectDevice(url, musician.token);

    const first = await submitRequest(app, timed, { requester_email: 'a@example.com' });
    const pushed = await device.waitFor<SongRequest>('request:created', (r) => r.id === first.id);
    expect(pushed).toMatchObject({ duration_seconds: 225, played_at: null });
    await submitRequest(app, untimed, { requester_email: 'b@example.com' });

    const listed = await listOf(musician);
    expect(byTitle(listed, 'Timed')).toMatchObject({ duration_seconds: 225, played_at: null });
    expect(byTitle(listed, 'Untimed')).toMatchObject({ duration_seconds: null, played_at: null });

    // The musician corrects the length: the queue reads the song as it is now.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/songs/${timed.id}`,
      headers: musician.auth,
      payload: { title: 'Timed', artist: timed.artist, duration_seconds: '4:05' },
    });
    expect(edit.statusCode).toBe(200);
    expect(byTitle(await listOf(musician), 'Timed').duration_seconds).toBe(245);

    // Played: when, on the push and on the poll (the stage paces the queue by these marks).
    now += 60_000;
    await setRequestStatus(app, musician, first.id, 'played');
    const played = await device.waitFor<SongRequest>(
      'request:updated',
      (r) => r.id === first.id && r.status === 'played',
    );
    expect(played.played_at).toBe(new Date(now).toISOString());
    const poll = await app.inject({
      url: `/api/requests/updates/${musician.musician.id}`,
      headers: musician.auth,
    });
    expect(byTitle(poll.json<RequestsResponse>().requests, 'Timed')).toMatchObject({
      duration_seconds: 245,
      played_at: new Date(now).toISOString(),
    });
  });

  it("is null once the song is deleted, and never on the requester's own view", async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician, { title: 'Gone soon', duration_seconds: '2:30' });
    const created = await submitRequest(app, song, { requester_email: 'c@example.com' });

    const status = await app.inject({ url: `/api/request-status/${created.status_token}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).not.toHaveProperty('duration_seconds');
    expect(status.json()).not.toHaveProperty('played_at');

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/songs/${song.id}`,
      headers: musician.auth,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(byTitle(await listOf(musician), 'Gone soon').duration_seconds).toBeNull();
  });
});
