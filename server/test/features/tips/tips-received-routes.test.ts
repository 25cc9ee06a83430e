import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { DailyAnalyticsResponse } from '#shared/schemas/analytics.ts';
import type { AppTip } from '#shared/schemas/audience.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  paymentApps,
  putTipReceived,
  registerMusician,
  sendTip,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';
import { pairStageDevice } from '#server-test/features/stage-devices/pair-stage-device.ts';

// A payment-app tip is the phone's word (issue 45, step 4): it shows as claimed (tip_amount) and
// moves nothing until the musician marks it received (tip_received), which the "biggest tip"
// order and analytics count.

const { app, url } = await startTestApp({}, { listen: true });

/** A musician taking app tips, ordering by biggest tip, with requests A then B waiting. */
async function tippedQueue() {
  const musician = await registerMusician(app);
  await updateProfile(app, musician, { ...paymentApps(), queue_order: 'tips' });
  const ids: Record<string, string> = {};
  for (const title of ['A', 'B']) {
    const song = await createSong(app, musician, { title, artist: 'Band' });
    ids[title] = (
      await submitRequest(app, song, { requester_email: `${title}-${musician.musician.id}@x.org` })
    ).id;
  }
  return { musician, ids };
}

const listRequests = async (musician: TestMusician) =>
  (
    await app.inject({
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: musician.auth,
    })
  ).json<{ requests: SongRequest[] }>().requests;

/** The waiting requests' titles by queue_position, with what each claimed and received. */
const waiting = async (musician: TestMusician) =>
  (await listRequests(musician))
    .sort((a, b) => (a.queue_position ?? 0) - (b.queue_position ?? 0))
    .map((r) => [r.song_title, r.tip_amount, r.tip_received]);

const totals = async (musician: TestMusician) =>
  (
    await app.inject({ url: '/api/analytics/daily', headers: musician.auth })
  ).json<DailyAnalyticsResponse>().totals;

describe('PUT /api/tips/:id/received', () => {
  it('a claimed $500 moves nothing; marked received, it moves its request and counts once', async () => {
    const { musician, ids } = await tippedQueue();
    const before = await totals(musician);
    const tip = await sendTip(app, musician, { amount: 500, request_id: ids.B! });

    expect(await waiting(musician)).toEqual([
      ['A', 0, 0],
      ['B', 500, 0],
    ]);
    expect(await totals(musician)).toEqual(before);
    const claimed = { id: tip.id, amount: 500, platform: 'venmo', tipper_name: 'Alex' };
    const b = async () => (await listRequests(musician)).find((r) => r.id === ids.B)!;
    expect((await b()).tips).toEqual([{ ...claimed, received: false }]);

    const res = await putTipReceived(app, tip.id, musician.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json<AppTip>()).toEqual({
      id: tip.id,
      amount: 500,
      platform: 'venmo',
      created_at: tip.created_at,
      request_id: ids.B,
      tipper_name: 'Alex',
      message: 'Thanks for the music!',
      received_at: expect.any(String),
    });
    expect(await waiting(musician)).toEqual([
      ['B', 500, 500],
      ['A', 0, 0],
    ]);
    expect(await totals(musician)).toMatchObject({ requests_with_tips: 1, total_tips: 500 });
    expect((await b()).tips).toEqual([{ ...claimed, received: true }]);

    // A second tap (or a retry) changes nothing and answers the same tip.
    const again = await putTipReceived(app, tip.id, musician.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await waiting(musician)).toEqual([
      ['B', 500, 500],
      ['A', 0, 0],
    ]);
    expect(await totals(musician)).toMatchObject({ requests_with_tips: 1, total_tips: 500 });
  });

  it('counts a tip once when both taps arrive together', async () => {
    const { musician, ids } = await tippedQueue();
    const tip = await sendTip(app, musician, { amount: 7.5, request_id: ids.A! });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => putTipReceived(app, tip.id, musician.auth)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const a = (await listRequests(musician)).find((r) => r.id === ids.A)!;
    expect([a.tip_amount, a.tip_received]).toEqual([7.5, 7.5]);
  });

  it('does not believe the tip_amount of POST /api/requests', async () => {
    const { musician } = await tippedQueue();
    const song = await createSong(app, musician, { title: 'C', artist: 'Band' });
    await submitRequest(app, song, { requester_email: 'rich@x.org', tip_amount: 500 });
    expect(await waiting(musician)).toEqual([
      ['A', 0, 0],
      ['B', 0, 0],
      ['C', 500, 0],
    ]);
    expect(await totals(musician)).toMatchObject({ requests_with_tips: 0, total_tips: 0 });
  });

  it("pushes the request to the musician's devices", async () => {
    const { musician, ids } = await tippedQueue();
    const tip = await sendTip(app, musician, { amount: 3, request_id: ids.A! });
    const laptop = await connectDevice(url, musician.token);
    expect((await putTipReceived(app, tip.id, musician.auth)).statusCode).toBe(200);
    const pushed = await laptop.waitFor<SongRequest>(
      'request:updated',
      (request) => request.id === ids.A && request.tip_received === 3,
    );
    expect(pushed.tip_amount).toBe(3);
    expect(pushed.tips).toEqual([expect.objectContaining({ id: tip.id, received: true })]);
  });

  it('lets a stage device of the musician mark it', async () => {
    const { musician, ids } = await tippedQueue();
    const tablet = await pairStageDevice(app, musician);
    const tip = await sendTip(app, musician, { amount: 4, request_id: ids.B! });
    const res = await putTipReceived(app, tip.id, tablet.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json<AppTip>().received_at).not.toBeNull();
    expect((await waiting(musician))[0]).toEqual(['B', 4, 4]);
  });

  it('marks a tip from the page header (no request) received, moving nothing', async () => {
    const { musician } = await tippedQueue();
    const tip = await sendTip(app, musician, { amount: 6 });
    const res = await putTipReceived(app, tip.id, musician.auth);
    expect(res.json<AppTip>()).toMatchObject({ request_id: null, amount: 6 });
    expect(await totals(musician)).toMatchObject({ total_tips: 6 });
  });

  it('answers 404 to another musician, or their stage device, and changes nothing', async () => {
    const { musician, ids } = await tippedQueue();
    const tip = await sendTip(app, musician, { amount: 9, request_id: ids.A! });
    const other = await registerMusician(app);
    const otherTablet = await pairStageDevice(app, other);
    for (const auth of [other.auth, otherTablet.auth]) {
      const res = await putTipReceived(app, tip.id, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.tipNotFound });
    }
    const unknown = await putTipReceived(app, '00000000-0000-4000-8000-000000000000', other.auth);
    expect(unknown.json()).toEqual({ detail: messages.tipNotFound });
    expect((await waiting(musician))[0]).toEqual(['A', 9, 0]);
  });

  it('asks to sign in without a session', async () => {
    const { musician, ids } = await tippedQueue();
    const tip = await sendTip(app, musician, { amount: 2, request_id: ids.A! });
    const res = await putTipReceived(app, tip.id, {});
    expect(res.statusCode).toBe(401);
  });
});
