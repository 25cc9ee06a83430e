import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { Song } from '#shared/schemas/song.ts';
import {
  createSong,
  paymentApps,
  registerMusician,
  sendTip,
  setRequestStatus,
  startShow,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

/** A musician with one request per title, filed in that order by different people. */
async function queueOf(titles: string[], tips: number[] = []) {
  const musician = await registerMusician(app);
  const ids: Record<string, string> = {};
  for (const [i, title] of titles.entries()) {
    const song: Song = await createSong(app, musician, { title, artist: 'Band' });
    const created = await submitRequest(app, song, {
      requester_name: `Fan${i}`,
      requester_email: `fan${i}-${musician.musician.id}@example.com`,
      tip_amount: tips[i] ?? 0,
    });
    ids[title] = created.id;
  }
  return { musician, ids };
}

const listRequests = async (musician: TestMusician) => {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ requests: SongRequest[] }>().requests;
};

/** The titles of a column, by queue_position. */
async function column(musician: TestMusician, column: 'up_next' | 'waiting') {
  const list = await listRequests(musician);
  const inColumn = list.filter((r) =>
    column === 'up_next' ? r.status === 'up_next' : ['pending', 'accepted'].includes(r.status),
  );
  const positions = inColumn.map((r) => r.queue_position).sort();
  expect(positions).toEqual(inColumn.map((_, i) => i + 1));
  return inColumn
    .sort((a, b) => (a.queue_position ?? 0) - (b.queue_position ?? 0))
    .map((r) => r.song_title);
}

const move = (musician: TestMusician, id: string, afterId: string | null) =>
  app.inject({
    method: 'PUT',
    url: `/api/requests/${id}/position`,
    headers: musician.auth,
    payload: { after_id: afterId },
  });

describe('queue_position', () => {
  it('numbers waiting requests oldest first and played ones not at all', async () => {
    const { musician, ids } = await queueOf(['A', 'B', 'C']);
    expect(await column(musician, 'waiting')).toEqual(['A', 'B', 'C']);
    await setRequestStatus(app, musician, ids.A!, 'played');
    expect(await column(musician, 'waiting')).toEqual(['B', 'C']);
    const played = (await listRequests(musician)).find((r) => r.id === ids.A);
    expect(played?.queue_position).toBeNull();
  });

  it('puts a song sent to Up Next after the songs sent there before it', async () => {
    const { musician, ids } = await queueOf(['Creep', 'Yellow']);
    await setRequestStatus(app, musician, ids.Yellow!, 'up_next');
    await setRequestStatus(app, musician, ids.Creep!, 'up_next');
    expect(await column(musician, 'up_next')).toEqual(['Yellow', 'Creep']);
  });

  it('tells the requester their place in line', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician, { title: 'One' });
    const other = await createSong(app, musician, { title: 'Two' });
    await submitRequest(app, song, { requester_email: 'a@example.com' });
    const mine = await submitRequest(app, other, { requester_email: 'b@example.com' });
    const res = await app.inject({ url: `/api/request-status/${mine.status_token}` });
    expect(res.json()).toMatchObject({ id: mine.id, queue_position: 2 });
  });
});

describe('PUT /api/requests/{id}/position', () => {
  it('moves within Up Next: to the top and after another', async () => {
    const { musician, ids } = await queueOf(['A', 'B', 'C']);
    for (const title of ['A', 'B', 'C'])
      await setRequestStatus(app, musician, ids[title]!, 'up_next');

    const top = await move(musician, ids.C!, null);
    expect(top.statusCode).toBe(200);
    expect(top.json()).toMatchObject({ id: ids.C, queue_position: 1, status: 'up_next' });
    expect(await column(musician, 'up_next')).toEqual(['C', 'A', 'B']);

    expect((await move(musician, ids.C!, ids.B!)).json().queue_position).toBe(3);
    expect(await column(musician, 'up_next')).toEqual(['A', 'B', 'C']);
  });

  it('moves waiting requests under the musician order, and new ones arrive last', async () => {
    const { musician, ids } = await queueOf(['A', 'B', 'C']);
    const refused = await move(musician, ids.C!, null);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(messages.queueMoveNotManual);

    await updateProfile(app, musician, { queue_order: 'manual' });
    expect((await move(musician, ids.C!, null)).statusCode).toBe(200);
    expect((await move(musician, ids.A!, ids.B!)).statusCode).toBe(200);
    expect(await column(musician, 'waiting')).toEqual(['C', 'B', 'A']);

    const late = await createSong(app, musician, { title: 'D' });
    await submitRequest(app, late, { requester_email: `late-${musician.musician.id}@example.com` });
    expect(await column(musician, 'waiting')).toEqual(['C', 'B', 'A', 'D']);
  });

  it('refuses what cannot be moved, with a sentence', async () => {
    const { musician, ids } = await queueOf(['A', 'B']);
    await updateProfile(app, musician, { queue_order: 'manual' });
    await setRequestStatus(app, musician, ids.B!, 'up_next');

    const otherColumn = await move(musician, ids.A!, ids.B!);
    expect(otherColumn.statusCode).toBe(400);
    expect(otherColumn.json().detail).toBe(messages.queueMoveAfterNotFound);

    const itself = await move(musician, ids.A!, ids.A!);
    expect(itself.statusCode).toBe(400);
    expect(itself.json().detail).toBe(messages.queueMoveAfterItself);

    const malformed = await move(musician, ids.A!, 'not-an-id' as string);
    expect(malformed.statusCode).toBe(400);

    await setRequestStatus(app, musician, ids.B!, 'played');
    const closed = await move(musician, ids.B!, null);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(messages.queueMoveNotOpen);
  });

  it("answers 404 for another musician's request, and needs a sign-in", async () => {
    const { ids } = await queueOf(['A']);
    const stranger = await registerMusician(app);
    await updateProfile(app, stranger, { queue_order: 'manual' });
    const res = await move(stranger, ids.A!, null);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(messages.requestNotFound);
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/requests/${ids.A}/position`,
      payload: { after_id: null },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('two devices moving at once end in one order with positions 1..n', async () => {
    const { musician, ids } = await queueOf(['A', 'B', 'C', 'D', 'E']);
    await updateProfile(app, musician, { queue_order: 'manual' });
    const results = await Promise.all([
      move(musician, ids.E!, null),
      move(musician, ids.A!, ids.E!),
      move(musician, ids.C!, null),
      move(musician, ids.B!, ids.D!),
    ]);
    for (const res of results) expect([200, 400]).toContain(res.statusCode);
    const order = await column(musician, 'waiting');
    expect([...order].sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    // Read again: the same order, nothing left half-moved.
    expect(await column(musician, 'waiting')).toEqual(order);
  });
});

describe('the queue closes up at once', () => {
  it('when a show is deleted with its requests', async () => {
    const musician = await registerMusician(app);
    const ask = async (title: string) =>
      submitRequest(app, await createSong(app, musician, { title, artist: 'Band' }), {
        requester_email: `${title}-${musician.musician.id}@example.com`,
      });
    const show = await startShow(app, musician);
    for (const title of ['A', 'B', 'C']) await ask(title);
    await app.inject({ method: 'POST', url: '/api/shows/stop', headers: musician.auth });
    await ask('Late');
    expect(await column(musician, 'waiting')).toEqual(['A', 'B', 'C', 'Late']);

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/shows/${show.id}`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    // column() also checks that the positions run 1..n with no gap.
    expect(await column(musician, 'waiting')).toEqual(['Late']);
  });

  it('when a requester is blocked', async () => {
    const { musician, ids } = await queueOf(['A', 'B', 'C']);
    const res = await app.inject({
      method: 'POST',
      url: '/api/blocked-requesters',
      headers: musician.auth,
      payload: { request_id: ids.A },
    });
    expect(res.statusCode).toBe(201);
    expect(await column(musician, 'waiting')).toEqual(['B', 'C']);
  });
});

describe('queue_order', () => {
  it('is arrival by default and orders waiting requests by votes or tips', async () => {
    const { musician, ids } = await queueOf(['A', 'B', 'C'], [0, 5, 2]);
    const profile = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(profile.json<Musician>().queue_order).toBe('arrival');

    // The tips sent with the requests are claims: none arrived, so arrival order holds.
    const tips = await updateProfile(app, musician, { queue_order: 'tips' });
    expect(tips.queue_order).toBe('tips');
    expect(await column(musician, 'waiting')).toEqual(['A', 'B', 'C']);

    // A +1 on C: most votes first, ties oldest first.
    const songC = (await listRequests(musician)).find((r) => r.id === ids.C)!;
    await submitRequest(app, { id: songC.song_id } as Song, {
      requester_email: `voter-${musician.musician.id}@example.com`,
    }).catch(() => undefined);
    await updateProfile(app, musician, { queue_order: 'votes' });
    expect(await column(musician, 'waiting')).toEqual(['C', 'A', 'B']);

    // "My order" starts from the order shown.
    await updateProfile(app, musician, { queue_order: 'manual' });
    expect(await column(musician, 'waiting')).toEqual(['C', 'A', 'B']);
    await updateProfile(app, musician, { queue_order: 'arrival' });
    expect(await column(musician, 'waiting')).toEqual(['A', 'B', 'C']);
  });

  it('moves a request up under biggest tip first only once its tip is marked received', async () => {
    const { musician, ids } = await queueOf(['A', 'B']);
    await updateProfile(app, musician, { ...paymentApps(), queue_order: 'tips' });
    expect(await column(musician, 'waiting')).toEqual(['A', 'B']);
    const tip = await sendTip(app, musician, { amount: 10, request_id: ids.B! });
    expect(await column(musician, 'waiting')).toEqual(['A', 'B']);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/tips/${tip.id}/received`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await column(musician, 'waiting')).toEqual(['B', 'A']);
  });

  it('refuses an unknown order', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: musician.auth,
      payload: { queue_order: 'random' },
    });
    expect(res.statusCode).toBe(400);
  });
});
