import { describe, expect, it } from 'vitest';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { pairStageDevice } from '#server-test/features/stage-devices/pair-stage-device.ts';

// The 'fair' queue order through the API: one request per person per round (fair-turns.ts).

const { app } = await startTestApp();

/**
 * Asks, in order, one song each: `who` names the requester's email, or a phone ('phone:x', which
 * sends a new email each time from the same X-Device-Id: the same person to the limits).
 */
async function askInOrder(musician: TestMusician, asks: [title: string, who: string][]) {
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const [i, [title, who]] of asks.entries()) {
    const song = await createSong(app, musician, { title, artist: 'Band' });
    const phone = who.startsWith('phone:');
    const created = await submitRequest(
      app,
      song,
      {
        requester_name: who,
        requester_email: `${who.replace('phone:', '')}${phone ? i : ''}-${musician.musician.id}@example.com`,
      },
      phone ? { 'x-device-id': `${who.replace('phone:', 'phone-')}-${musician.musician.id}` } : {},
    );
    ids[title] = created.id;
    tokens[title] = created.status_token!;
  }
  return { ids, tokens };
}

/** The waiting titles by queue_position, as every screen reads them (checks 1..n). */
async function waiting(auth: Record<string, string>, musician: TestMusician) {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  const open = res
    .json<{ requests: SongRequest[] }>()
    .requests.filter((r) => ['pending', 'accepted'].includes(r.status))
    .sort((a, b) => a.queue_position! - b.queue_position!);
  expect(open.map((r) => r.queue_position)).toEqual(open.map((_, i) => i + 1));
  return open.map((r) => r.song_title);
}

describe("queue_order 'fair'", () => {
  it('asked A, A, A, B, C in that order: A, B, C, A, A, on the phone too', async () => {
    const musician = await registerMusician(app);
    const profile = await updateProfile(app, musician, { queue_order: 'fair' });
    expect(profile.queue_order).toBe('fair');
    const { tokens } = await askInOrder(musician, [
      ['A1', 'phone:ann'],
      ['A2', 'phone:ann'],
      ['A3', 'phone:ann'],
      ['B1', 'bob'],
      ['C1', 'cat'],
    ]);
    expect(await waiting(musician.auth, musician)).toEqual(['A1', 'B1', 'C1', 'A2', 'A3']);
    const status = await app.inject({ url: `/api/request-status/${tokens.A2}` });
    expect(status.json()).toMatchObject({ queue_position: 4 });
  });

  it('chosen after the requests came, reorders them; back to arrival, undoes it', async () => {
    const musician = await registerMusician(app);
    await askInOrder(musician, [
      ['A1', 'ann'],
      ['A2', 'ann'],
      ['B1', 'bob'],
    ]);
    expect(await waiting(musician.auth, musician)).toEqual(['A1', 'A2', 'B1']);
    await updateProfile(app, musician, { queue_order: 'fair' });
    expect(await waiting(musician.auth, musician)).toEqual(['A1', 'B1', 'A2']);
    await updateProfile(app, musician, { queue_order: 'arrival' });
    expect(await waiting(musician.auth, musician)).toEqual(['A1', 'A2', 'B1']);
  });

  it('counts a turn played tonight: a newcomer goes before a second request', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { queue_order: 'fair' });
    const { ids } = await askInOrder(musician, [
      ['A1', 'ann'],
      ['A2', 'ann'],
    ]);
    await setRequestStatus(app, musician, ids.A1!, 'played');
    await askInOrder(musician, [['D1', 'dee']]);
    expect(await waiting(musician.auth, musician)).toEqual(['D1', 'A2']);
  });

  it('converges when the dashboard and a stage tablet move requests at once', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { queue_order: 'fair' });
    const tablet = await pairStageDevice(app, musician);
    const { ids } = await askInOrder(musician, [
      ['A1', 'ann'],
      ['A2', 'ann'],
      ['A3', 'ann'],
      ['B1', 'bob'],
      ['C1', 'cat'],
      ['D1', 'dee'],
    ]);
    const status = (auth: Record<string, string>, id: string, to: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/requests/${id}/status`,
        headers: auth,
        payload: { status: to },
      });
    const move = (auth: Record<string, string>, id: string, afterId: string | null) =>
      app.inject({
        method: 'PUT',
        url: `/api/requests/${id}/position`,
        headers: auth,
        payload: { after_id: afterId },
      });
    const sent = await Promise.all([
      status(musician.auth, ids.A1!, 'up_next'),
      status(tablet.auth, ids.B1!, 'up_next'),
      status(musician.auth, ids.D1!, 'rejected'),
    ]);
    for (const res of sent) expect(res.statusCode).toBe(200);
    const moved = await Promise.all([
      move(tablet.auth, ids.B1!, null),
      move(musician.auth, ids.A1!, null),
      move(tablet.auth, ids.A1!, ids.B1!),
      // Under 'fair' a waiting request is not moved by hand: refused, nothing changes.
      move(musician.auth, ids.A3!, null),
    ]);
    expect(moved.map((res) => res.statusCode)).toEqual([200, 200, 200, 409]);
    // Ann and Bob each have a turn Up Next; Dee was turned down: Cat, then Ann's second, third.
    const fromDashboard = await waiting(musician.auth, musician);
    expect(fromDashboard).toEqual(['C1', 'A2', 'A3']);
    expect(await waiting(tablet.auth, musician)).toEqual(fromDashboard);
  });
});
