import { describe, expect, it } from 'vitest';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// eta_minutes on GET /api/request-status/{token}: the lengths of the songs ahead (4 minutes when
// unknown), paced by tonight's gaps between Played marks once there are three.

let now = Date.now();
const { app } = await startTestApp({ clock: () => new Date(now) });

let people = 0;
/** Files a request for a new song of this length ("m:ss", or '' for unknown). */
async function ask(musician: TestMusician, title: string, duration: string) {
  const song = await createSong(app, musician, { title, duration_seconds: duration });
  people += 1;
  // The app's clock stands still unless moved: one second between asks keeps arrival order.
  now += 1000;
  return submitRequest(app, song, { requester_email: `fan${people}@example.com` });
}

const statusOf = async (token: string) => {
  const res = await app.inject({ url: `/api/request-status/${token}` });
  expect(res.statusCode).toBe(200);
  return res.json<RequestStatusView>();
};

describe('eta_minutes', () => {
  it('sums the catalogue lengths of the songs ahead, Up Next included', async () => {
    const musician = await registerMusician(app);
    const first = await ask(musician, 'One', '3:00');
    const second = await ask(musician, 'Two', '5:30');
    const mine = await ask(musician, 'Mine', '4:10');
    expect(await statusOf(mine.status_token!)).toMatchObject({ queue_position: 3, eta_minutes: 9 });
    expect((await statusOf(first.status_token!)).eta_minutes).toBe(0);
    await setRequestStatus(app, musician, second.id, 'up_next');
    // Up Next plays before the waiting column: Two (5:30), then One (3:00).
    expect(await statusOf(mine.status_token!)).toMatchObject({ queue_position: 2, eta_minutes: 9 });
    expect((await statusOf(second.status_token!)).eta_minutes).toBe(0);
  });

  it('counts 4 minutes for a song of unknown length, and none once played or rejected', async () => {
    const musician = await registerMusician(app);
    const a = await ask(musician, 'A', '');
    const b = await ask(musician, 'B', '2:00');
    const mine = await ask(musician, 'Mine', '');
    expect((await statusOf(mine.status_token!)).eta_minutes).toBe(6);
    await setRequestStatus(app, musician, a.id, 'played');
    await setRequestStatus(app, musician, b.id, 'rejected');
    expect((await statusOf(a.status_token!)).eta_minutes).toBeUndefined();
    expect((await statusOf(b.status_token!)).eta_minutes).toBeUndefined();
    expect((await statusOf(mine.status_token!)).eta_minutes).toBe(0);
  });

  it('is paced by tonight once there are three gaps between Played marks', async () => {
    const musician = await registerMusician(app);
    const played = [];
    for (let i = 0; i < 4; i++) played.push(await ask(musician, `Set ${i}`, '3:00'));
    const ahead = await ask(musician, 'Ahead', '3:00');
    const mine = await ask(musician, 'Mine', '3:00');
    const minute = 60_000;
    // Three played, two gaps of 6 minutes.
    for (const request of played.slice(0, 3)) {
      await setRequestStatus(app, musician, request.id, 'played');
      now += 6 * minute;
    }
    // Not paced yet: one 3:00 song ahead of Ahead is 3 minutes, though each took 6 tonight.
    expect((await statusOf(ahead.status_token!)).eta_minutes).toBe(3);
    // The fourth mark makes the third gap: each 3:00 song has taken 6 minutes tonight, so the
    // one 3:00 song ahead of Mine is 6 minutes.
    await setRequestStatus(app, musician, played[3]!.id, 'played');
    expect((await statusOf(mine.status_token!)).eta_minutes).toBe(6);
    expect((await statusOf(ahead.status_token!)).eta_minutes).toBe(0);
  });
});
