import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { Song } from '#shared/schemas/song.ts';
import {
  createSong,
  registerMusician,
  startShow,
  submitRequest,
  submitSuggestion,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

async function musicianWithSong(): Promise<{ musician: TestMusician; song: Song }> {
  const musician = await registerMusician(app);
  return { musician, song: await createSong(app, musician) };
}

const listRequests = async (musician: TestMusician) => {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ requests: SongRequest[] }>().requests;
};

const setStatus = (musician: TestMusician, id: string, status: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/requests/${id}/status`,
    headers: musician.auth,
    payload: { status },
  });

describe('POST /api/requests', () => {
  it('files a pending request for the song, counts it, and shows it to the musician only', async () => {
    const { musician, song } = await musicianWithSong();
    const created = await submitRequest(app, song, {
      tip_amount: 5.5,
      dedication: '  Happy birthday Sam  ',
    });

    expect(created).toEqual({
      id: expect.any(String),
      song_title: song.title,
      song_artist: song.artist,
      status: 'pending',
      created_at: expect.any(String),
      status_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(JSON.stringify(created)).not.toContain('alex@example.com');

    const [request] = await listRequests(musician);
    expect(request).toMatchObject({
      id: created.id,
      song_id: song.id,
      requester_name: 'Alex',
      requester_email: 'alex@example.com',
      dedication: 'Happy birthday Sam',
      status: 'pending',
      tip_amount: 5.5,
      tip_clicked: false,
      social_clicks: [],
      show_id: null,
      show_name: null,
    });
    const songs = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(songs.json()[0].request_count).toBe(1);
  });

  it('files the request under the running show', async () => {
    const { musician, song } = await musicianWithSong();
    const show = await startShow(app, musician, "Saturday at Joe's");
    await submitRequest(app, song);
    const [request] = await listRequests(musician);
    expect(request).toMatchObject({ show_id: show.id, show_name: "Saturday at Joe's" });
  });

  it('refuses requests while the musician has them turned off', async () => {
    const { musician, song } = await musicianWithSong();
    await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: musician.auth,
      payload: { requests_enabled: false },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/requests',
      payload: { song_id: song.id, requester_name: 'A', requester_email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: messages.requestsDisabled });
    expect(await listRequests(musician)).toEqual([]);
  });

  it('refuses a hidden or unknown song', async () => {
    const { musician, song } = await musicianWithSong();
    await app.inject({
      method: 'PUT',
      url: `/api/songs/${song.id}/toggle-visibility`,
      headers: musician.auth,
    });
    for (const songId of [song.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/requests',
        payload: { song_id: songId, requester_name: 'A', requester_email: 'a@b.co' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.requestSongUnavailable });
    }
  });

  it.each([
    [{ requester_email: 'a@b.co' }, messages.requestNameEmailRequired],
    [{ requester_name: '  ', requester_email: 'a@b.co' }, messages.requestNameEmailRequired],
    [{ requester_name: 'A' }, messages.requestNameEmailRequired],
    [{ requester_name: 'A', requester_email: 'nope' }, messages.emailInvalid],
    [
      { requester_name: 'A', requester_email: 'a@b.co', tip_amount: -1 },
      messages.requestTipInvalid,
    ],
    [
      { requester_name: 'A', requester_email: 'a@b.co', tip_amount: 501 },
      messages.requestTipInvalid,
    ],
    [{ requester_name: 'A\u0000B', requester_email: 'a@b.co' }, messages.textHasNulCharacter],
    [
      { requester_name: 'A', requester_email: 'a@b.co', dedication: 'x\u0000' },
      messages.textHasNulCharacter,
    ],
  ])('validates %o', async (payload, detail) => {
    const { song } = await musicianWithSong();
    const res = await app.inject({
      method: 'POST',
      url: '/api/requests',
      payload: { song_id: song.id, ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('creates nothing new when a phone retries with the same Idempotency-Key', async () => {
    const { musician, song } = await musicianWithSong();
    const otherSong = await createSong(app, musician, { title: 'Champagne Supernova' });
    const headers = { 'idempotency-key': 'phone-1-submission-42' };
    const first = await submitRequest(app, song, {}, headers);
    const retry = await submitRequest(app, song, {}, headers);
    const other = await submitRequest(
      app,
      otherSong,
      {},
      { 'idempotency-key': 'phone-1-submission-43' },
    );

    // The same request, and the same status token (the first answer may never have arrived).
    expect(retry).toEqual(first);
    expect(other.id).not.toBe(first.id);
    expect(await listRequests(musician)).toHaveLength(2);
    const songs = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(songs.json().map((s: Song) => s.request_count)).toEqual([1, 1]);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const { song } = await musicianWithSong();
    const res = await app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: { 'idempotency-key': 'x'.repeat(201) },
      payload: { song_id: song.id, requester_name: 'A', requester_email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.idempotencyKeyInvalid });
  });
});

describe('PUT /api/requests/:id/status', () => {
  it.each([
    ['pending', 'up_next'],
    ['pending', 'played'],
    ['pending', 'rejected'],
  ])('moves %s to %s', async (_from, to) => {
    const { musician, song } = await musicianWithSong();
    const { id } = await submitRequest(app, song);
    const res = await setStatus(musician, id, to);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: to });
  });

  it('moves up_next to played or rejected', async () => {
    const { musician, song } = await musicianWithSong();
    const a = await submitRequest(app, song);
    const b = await submitRequest(app, await createSong(app, musician, { title: 'Live Forever' }));
    await setStatus(musician, a.id, 'up_next');
    await setStatus(musician, b.id, 'up_next');
    expect((await setStatus(musician, a.id, 'played')).json().status).toBe('played');
    expect((await setStatus(musician, b.id, 'rejected')).json().status).toBe('rejected');
  });

  it.each([
    ['played', 'up_next', 'A played request cannot be moved to Up Next.'],
    // played -> pending from pending is now an Undo within its window (request-undo.test.ts).
    ['rejected', 'up_next', 'A rejected request cannot be moved to Up Next.'],
    ['rejected', 'played', 'A rejected request cannot be moved to played.'],
    ['up_next', 'pending', 'An Up Next request cannot be moved to pending.'],
    ['pending', 'accepted', 'A pending request cannot be moved to accepted.'],
  ])('refuses %s -> %s with 400', async (from, to, detail) => {
    const { musician, song } = await musicianWithSong();
    const { id } = await submitRequest(app, song);
    if (from !== 'pending') expect((await setStatus(musician, id, from)).statusCode).toBe(200);
    const res = await setStatus(musician, id, to);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect((await listRequests(musician))[0]!.status).toBe(from);
  });

  it('treats asking for the current status as done (two devices pressing at once)', async () => {
    const { musician, song } = await musicianWithSong();
    const { id } = await submitRequest(app, song);
    await setStatus(musician, id, 'played');
    const again = await setStatus(musician, id, 'played');
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('played');
  });

  it('refuses an unknown status', async () => {
    const { musician, song } = await musicianWithSong();
    const { id } = await submitRequest(app, song);
    const res = await setStatus(musician, id, 'maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Status must be one of');
  });
});

describe('musician-only request routes', () => {
  it("answer 404 for another musician's requests and leave them untouched", async () => {
    const { musician, song } = await musicianWithSong();
    const intruder = await registerMusician(app);
    const { id } = await submitRequest(app, song);

    const attempts = [
      setStatus(intruder, id, 'played'),
      app.inject({ method: 'DELETE', url: `/api/requests/${id}`, headers: intruder.auth }),
      app.inject({ url: `/api/requests/musician/${musician.musician.id}`, headers: intruder.auth }),
      app.inject({ url: `/api/requests/updates/${musician.musician.id}`, headers: intruder.auth }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect((await listRequests(musician))[0]).toMatchObject({ id, status: 'pending' });
    const grouped = await app.inject({ url: '/api/requests/grouped', headers: intruder.auth });
    expect(grouped.json()).toEqual({ unassigned: [], shows: {} });
  });

  it('need a token: the requester emails are personal', async () => {
    const { musician } = await musicianWithSong();
    for (const url of [
      `/api/requests/musician/${musician.musician.id}`,
      `/api/requests/updates/${musician.musician.id}`,
      '/api/requests/grouped',
    ]) {
      expect((await app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('DELETE removes a request', async () => {
    const { musician, song } = await musicianWithSong();
    const { id } = await submitRequest(app, song);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/requests/${id}`,
      headers: musician.auth,
    });
    expect(res.json()).toEqual({ success: true, message: messages.requestDeleted });
    expect(await listRequests(musician)).toEqual([]);
  });

  it('GET grouped splits requests by show, and updates returns requests and suggestions', async () => {
    const { musician, song } = await musicianWithSong();
    const loose = await submitRequest(app, song);
    const show = await startShow(app, musician);
    const inShow = await submitRequest(app, song);
    await submitSuggestion(app, musician);

    const grouped = (
      await app.inject({ url: '/api/requests/grouped', headers: musician.auth })
    ).json();
    expect(grouped.unassigned.map((r: SongRequest) => r.id)).toEqual([loose.id]);
    expect(grouped.shows[show.id].show.name).toBe(show.name);
    expect(grouped.shows[show.id].requests.map((r: SongRequest) => r.id)).toEqual([inShow.id]);

    const updates = (
      await app.inject({
        url: `/api/requests/updates/${musician.musician.id}`,
        headers: musician.auth,
      })
    ).json();
    expect(updates.requests.map((r: SongRequest) => r.id)).toEqual([inShow.id, loose.id]);
    expect(updates.suggestions).toHaveLength(1);
  });
});

describe('POST /api/requests/:id/track-click', () => {
  it('records tip and social clicks on the request', async () => {
    const { musician, song } = await musicianWithSong();
    const { id } = await submitRequest(app, song);
    const click = (payload: object) =>
      app.inject({ method: 'POST', url: `/api/requests/${id}/track-click`, payload });

    expect((await click({ type: 'tip', platform: 'venmo' })).json()).toEqual({
      success: true,
      message: messages.clickTracked,
    });
    await click({ type: 'social', platform: 'instagram' });
    await click({ type: 'social', platform: 'spotify' });
    expect((await listRequests(musician))[0]).toMatchObject({
      tip_clicked: true,
      social_clicks: ['instagram', 'spotify'],
    });
  });

  it('counts a platform once per request however often it is tapped', async () => {
    const { musician, song } = await musicianWithSong();
    const { id } = await submitRequest(app, song);
    const tap = () =>
      app.inject({
        method: 'POST',
        url: `/api/requests/${id}/track-click`,
        payload: { type: 'social', platform: 'instagram' },
      });

    expect((await tap()).statusCode).toBe(200);
    const afterFirst = (await listRequests(musician))[0]!;
    const answers = await Promise.all(Array.from({ length: 20 }, tap));

    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const afterMany = (await listRequests(musician))[0]!;
    expect(afterMany.social_clicks).toEqual(['instagram']);
    // Nothing changed, so nothing was pushed to the devices either.
    expect(afterMany.updated_at).toBe(afterFirst.updated_at);
  });

  it('validates the click and the request id', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/requests/00000000-0000-4000-8000-000000000000/track-click',
      payload: { type: 'tip', platform: 'venmo' },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ detail: messages.requestNotFound });
    const { song } = await musicianWithSong();
    const { id } = await submitRequest(app, song);
    const wrongType = await app.inject({
      method: 'POST',
      url: `/api/requests/${id}/track-click`,
      payload: { type: 'like', platform: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
  });
});
