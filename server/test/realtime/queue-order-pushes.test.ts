import { describe, expect, it } from 'vitest';
import type { SongRequest, UpdatesResponse } from '#shared/schemas/request.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice, type TestDevice } from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

/** The last copy of each request a device was pushed: what its screen shows. */
function screenOf(device: TestDevice): Map<string, SongRequest> {
  const held = new Map<string, SongRequest>();
  for (const event of device.received) {
    if (event.name !== 'request:updated' && event.name !== 'request:created') continue;
    const request = event.payload as SongRequest;
    const known = held.get(request.id);
    if (!known || Date.parse(request.updated_at) > Date.parse(known.updated_at)) {
      held.set(request.id, request);
    }
  }
  return held;
}

const upNextOrder = (requests: Iterable<SongRequest>) =>
  [...requests]
    .filter((r) => r.status === 'up_next')
    .sort((a, b) => (a.queue_position ?? 0) - (b.queue_position ?? 0))
    .map((r) => r.song_title);

describe('a move reaches every device', () => {
  it('pushes every request whose place changed, and a poll reads the same order', async () => {
    const musician = await registerMusician(app);
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) {
      const song = await createSong(app, musician, { title, artist: 'Band' });
      const created = await submitRequest(app, song, {
        requester_email: `${title}-${musician.musician.id}@example.com`,
      });
      ids.push(created.id);
      await setRequestStatus(app, musician, created.id, 'up_next');
    }
    const laptop = await connectDevice(url, musician.token);
    const tablet = await connectDevice(url, musician.token);
    const poll = (since?: string) =>
      app.inject({
        url: `/api/requests/updates/${musician.musician.id}${since ? `?since=${encodeURIComponent(since)}` : ''}`,
        headers: musician.auth,
      });
    const first = (await poll()).json<UpdatesResponse>();
    expect(upNextOrder(first.requests)).toEqual(['A', 'B', 'C']);

    const res = await app.inject({
      method: 'PUT',
      url: `/api/requests/${ids[2]}/position`,
      headers: musician.auth,
      payload: { after_id: null },
    });
    expect(res.statusCode).toBe(200);

    for (const device of [laptop, tablet]) {
      for (const [i, id] of ids.entries()) {
        const place = [2, 3, 1][i];
        await device.waitFor<SongRequest>(
          'request:updated',
          (r) => r.id === id && r.queue_position === place,
        );
      }
      expect(upNextOrder(screenOf(device).values())).toEqual(['C', 'A', 'B']);
    }

    // A polling device asks what changed since its last poll: every moved request, reordered.
    const changed = (await poll(first.next_since)).json<UpdatesResponse>();
    expect(upNextOrder(changed.requests)).toEqual(['C', 'A', 'B']);
  });
});
