import { describe, expect, it } from 'vitest';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  paymentApps,
  registerMusician,
  sendTip,
  submitRequest,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// +1s and tips on one request, all at once: each is read, added up and written under the
// musician's lock (db/locks.ts), so none is lost and none counted twice, on either
// engine.

const { app } = await startTestApp();

describe('a request joined and tipped by many at once', () => {
  it('counts every +1 and adds up every tip', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { ...paymentApps(), queue_order: 'tips' });
    const song = await createSong(app, musician, { title: 'Wonderwall' });
    const first = await submitRequest(app, song, { requester_email: 'first@example.com' });

    const people = Array.from({ length: 12 }, (_, i) => i);
    await Promise.all([
      ...people.map((i) =>
        submitRequest(
          app,
          song,
          { requester_email: `fan-${i}@example.com`, tip_amount: 2.5 },
          { 'x-forwarded-for': `203.0.113.${i + 1}` },
        ),
      ),
      ...people
        .slice(0, 6)
        .map((i) =>
          sendTip(app, musician, { amount: 1.1, request_id: first.id, tipper_name: `Tipper ${i}` }),
        ),
    ]);

    const res = await app.inject({
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: musician.auth,
    });
    const requests = res.json<{ requests: SongRequest[] }>().requests;
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ id: first.id, votes: 13, queue_position: 1 });
    // 12 x 2.50 + 6 x 1.10, in whole cents.
    expect(requests[0]!.tip_amount).toBe(36.6);
  });
});
