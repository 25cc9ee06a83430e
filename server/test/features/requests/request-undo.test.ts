import { describe, expect, it } from 'vitest';
import { UNDO_WINDOW_MS } from '#shared/limits.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { ShowReport } from '#shared/schemas/show.ts';
import type { DomainEvent } from '#server/events/domain-events.ts';
import {
  createSong,
  registerMusician,
  startShow,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectAudience, connectDevice } from '#server-test/helpers/test-device.ts';
import { connectFeed, createFeedToken } from '#server-test/features/feed/feed-client.ts';

/** The undo window's clock: each test moves it on instead of waiting. */
let clock = Date.UTC(2026, 10, 25, 21, 0, 0);
const later = (ms: number) => (clock += ms);
const { app, url } = await startTestApp({ clock: () => new Date(clock) }, { listen: true });

const events: DomainEvent[] = [];
app.services.events.onEvent((event) => events.push(event));

const setStatus = (musician: TestMusician, id: string, status: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/requests/${id}/status`,
    headers: musician.auth,
    payload: { status },
  });

async function statusOf(musician: TestMusician, id: string) {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  return res.json<{ requests: SongRequest[] }>().requests.find((r) => r.id === id)?.status;
}

async function filed(title = 'Wonderwall') {
  const musician = await registerMusician(app);
  const song = await createSong(app, musician, { title });
  const created = await submitRequest(app, song);
  return { musician, song, created, id: created.id };
}

describe('undoing Played or Reject (PUT /api/requests/:id/status back to the previous status)', () => {
  it('takes a played request back to pending within the window', async () => {
    const { musician, id } = await filed();
    expect((await setStatus(musician, id, 'played')).statusCode).toBe(200);
    later(UNDO_WINDOW_MS - 1);
    const undone = await setStatus(musician, id, 'pending');
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ id, status: 'pending' });
    expect(await statusOf(musician, id)).toBe('pending');
  });

  it('takes a rejected Up Next request back to Up Next, and it can be played after', async () => {
    const { musician, id } = await filed();
    await setStatus(musician, id, 'up_next');
    await setStatus(musician, id, 'rejected');
    later(1000);
    expect((await setStatus(musician, id, 'up_next')).json().status).toBe('up_next');
    expect((await setStatus(musician, id, 'played')).json().status).toBe('played');
  });

  it('refuses the undo once the window has passed: 409, and the move is final', async () => {
    const { musician, id } = await filed('Creep');
    await setStatus(musician, id, 'played');
    later(UNDO_WINDOW_MS);
    const late = await setStatus(musician, id, 'pending');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      detail:
        'Too late to undo: “Creep” was marked played more than 10 seconds ago, so it stays played.',
    });
    expect(await statusOf(musician, id)).toBe('played');
  });

  it('only goes back to the exact previous status; every other rule stays', async () => {
    const { musician, id } = await filed();
    await setStatus(musician, id, 'up_next');
    await setStatus(musician, id, 'played');
    for (const [to, detail] of [
      ['pending', 'A played request cannot be moved to pending.'],
      ['accepted', 'A played request cannot be moved to accepted.'],
      ['rejected', 'A played request cannot be moved to rejected.'],
    ] as const) {
      const res = await setStatus(musician, id, to);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail });
    }
    expect(await statusOf(musician, id)).toBe('played');

    // A move that was not Played or Reject is not undone this way.
    const other = await filed();
    await setStatus(other.musician, other.id, 'up_next');
    const back = await setStatus(other.musician, other.id, 'pending');
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ detail: 'An Up Next request cannot be moved to pending.' });
  });

  it("answers 404 for another musician's request and leaves it as it is", async () => {
    const { musician, id } = await filed();
    const intruder = await registerMusician(app);
    await setStatus(musician, id, 'played');
    const res = await setStatus(intruder, id, 'pending');
    expect(res.statusCode).toBe(404);
    expect(await statusOf(musician, id)).toBe('played');
  });

  it('twenty Undo presses at once move it back once; an undone move cannot be undone again', async () => {
    const { musician, id } = await filed();
    await setStatus(musician, id, 'played');
    const before = events.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => setStatus(musician, id, 'pending')),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((res) => res.json().status === 'pending')).toBe(true);
    const moves = events.slice(before).filter((e) => e.name === 'request:updated');
    expect(moves).toHaveLength(1);

    // Played again: a new window, measured from the new move.
    later(UNDO_WINDOW_MS * 3);
    await setStatus(musician, id, 'played');
    later(UNDO_WINDOW_MS / 2);
    expect((await setStatus(musician, id, 'pending')).json().status).toBe('pending');
  });

  it('an undo and another move at once: exactly one wins, the other is told why', async () => {
    const { musician, id } = await filed();
    await setStatus(musician, id, 'up_next');
    await setStatus(musician, id, 'played');
    // The stage undoes while the dashboard, which still shows it Up Next, rejects it.
    const [undo, reject] = await Promise.all([
      setStatus(musician, id, 'up_next'),
      setStatus(musician, id, 'rejected'),
    ]);
    expect(undo.statusCode).toBe(200);
    const final = await statusOf(musician, id);
    if (reject.statusCode === 200) expect(final).toBe('rejected');
    else {
      expect(reject.statusCode).toBe(400);
      expect(final).toBe('up_next');
    }
  });

  it('pushes the move and its undo at once to the devices, the requester and the feed', async () => {
    const { musician, id, created } = await filed('Yellow');
    const device = await connectDevice(url, musician.token);
    const phone = await connectAudience(url);
    await phone.followRequests([created.status_token]);
    const feed = connectFeed(url, { token: (await createFeedToken(app, musician)).token });
    await feed.waitFor('hello');

    await setStatus(musician, id, 'played');
    await device.waitFor<SongRequest>(
      'request:updated',
      (r) => r.id === id && r.status === 'played',
    );
    await phone.waitFor<RequestStatusView>('request:status', (s) => s.status === 'played');
    await feed.waitFor('request.updated', (m) => m.data.id === id && m.data.status === 'played');

    await setStatus(musician, id, 'pending');
    await device.waitFor<SongRequest>(
      'request:updated',
      (r) => r.id === id && r.status === 'pending',
    );
    const back = await phone.waitFor<RequestStatusView>(
      'request:status',
      (s) => s.status === 'pending',
    );
    await feed.waitFor('request.updated', (m) => m.data.id === id && m.data.status === 'pending');
    expect(Object.keys(back).sort()).toEqual([
      'id',
      'payment',
      'queue_position',
      'song_artist',
      'song_title',
      'status',
      'updated_at',
    ]);
  });

  it('an undone Played leaves the show report as if it was never played', async () => {
    const musician = await registerMusician(app);
    const show = await startShow(app, musician, 'Friday at the Crown');
    const song = await createSong(app, musician, { title: 'Hallelujah' });
    const { id } = await submitRequest(app, song);
    const report = async () => {
      const res = await app.inject({
        url: `/api/shows/${show.id}/report?format=json`,
        headers: musician.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json<ShowReport>().songs.map((played) => played.song_title);
    };

    await setStatus(musician, id, 'played');
    expect(await report()).toEqual(['Hallelujah']);
    await setStatus(musician, id, 'pending');
    expect(await report()).toEqual([]);
  });
});
