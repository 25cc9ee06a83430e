import { describe, expect, it } from 'vitest';
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
import { connectDevice } from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

async function musicianWithSong(): Promise<{ musician: TestMusician; song: Song }> {
  const musician = await registerMusician(app);
  return { musician, song: await createSong(app, musician) };
}

async function listRequests(musician: TestMusician): Promise<SongRequest[]> {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  return res.json<{ requests: SongRequest[] }>().requests;
}

const person = (name: string) => ({
  requester_name: name,
  requester_email: `${name.toLowerCase()}@example.com`,
  dedication: `From ${name}`,
});

describe('the same song asked again while it waits', () => {
  it('becomes a +1 on the waiting request, pushed live, keeping who asked', async () => {
    const { musician, song } = await musicianWithSong();
    const device = await connectDevice(url, musician.token);
    const first = await submitRequest(app, song, person('Ann'));
    const second = await submitRequest(app, song, person('Ben'));
    const third = await submitRequest(app, song, person('Cy'));

    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    const [request, ...others] = await listRequests(musician);
    expect(others).toEqual([]);
    expect(request).toMatchObject({ id: first.id, requester_name: 'Ann', votes: 3 });
    expect(request!.voters).toEqual([
      {
        requester_name: 'Ben',
        dedication: 'From Ben',
        tip_amount: 0,
        created_at: expect.any(String),
      },
      {
        requester_name: 'Cy',
        dedication: 'From Cy',
        tip_amount: 0,
        created_at: expect.any(String),
      },
    ]);
    // The voters carry no email, even for the musician: they are names on a card.
    expect(JSON.stringify(request!.voters)).not.toContain('@');

    const pushed = await device.waitFor<SongRequest>(
      'request:updated',
      (payload) => payload.id === first.id && payload.votes === 3,
    );
    expect(pushed.voters?.map((v) => v.requester_name)).toEqual(['Ben', 'Cy']);
    const songs = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(songs.json<Song[]>()[0]!.request_count).toBe(3);
  });

  it('lets every requester follow the merged request with their own token', async () => {
    const { musician, song } = await musicianWithSong();
    const first = await submitRequest(app, song, person('Ann'));
    const second = await submitRequest(app, song, person('Ben'));
    expect(second.status_token).not.toBe(first.status_token);

    await setRequestStatus(app, musician, first.id, 'up_next');
    for (const token of [first.status_token, second.status_token]) {
      const res = await app.inject({ url: `/api/request-status/${token}` });
      expect(res.json()).toMatchObject({ id: first.id, status: 'up_next' });
    }
  });

  it('still merges while up next, but not once played: a new request starts', async () => {
    const { musician, song } = await musicianWithSong();
    const first = await submitRequest(app, song, person('Ann'));
    await setRequestStatus(app, musician, first.id, 'up_next');
    expect((await submitRequest(app, song, person('Ben'))).id).toBe(first.id);

    await setRequestStatus(app, musician, first.id, 'played');
    const later = await submitRequest(app, song, person('Cy'));
    expect(later.id).not.toBe(first.id);
    const requests = await listRequests(musician);
    expect(requests.map((r) => [r.requester_name, r.votes])).toEqual([
      ['Cy', 1],
      ['Ann', 2],
    ]);
  });

  it('does not merge into a request of an earlier show', async () => {
    const { musician, song } = await musicianWithSong();
    const before = await submitRequest(app, song, person('Ann'));
    await startShow(app, musician);
    const during = await submitRequest(app, song, person('Ben'));
    expect(during.id).not.toBe(before.id);
  });

  it('ends ten phones asking at the same instant as one request with 10 votes', async () => {
    const { musician, song } = await musicianWithSong();
    const names = Array.from({ length: 10 }, (_, i) => `Guest${i}`);
    const created = await Promise.all(names.map((name) => submitRequest(app, song, person(name))));

    expect(new Set(created.map((c) => c.id)).size).toBe(1);
    const requests = await listRequests(musician);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.votes).toBe(10);
    expect(requests[0]!.voters).toHaveLength(9);
    const songs = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(songs.json<Song[]>()[0]!.request_count).toBe(10);
  });

  it('adds up everyone’s tips on a merged request; each +1 keeps its own', async () => {
    const { musician, song } = await musicianWithSong();
    await updateProfile(app, musician, paymentApps());
    const first = await submitRequest(app, song, { ...person('Ann'), tip_amount: 0 });
    await submitRequest(app, song, { ...person('Ben'), tip_amount: 5 });
    await sendTip(app, musician, { amount: 3, request_id: first.id, tipper_name: 'Ben' });

    const [request] = await listRequests(musician);
    expect(request!.tip_amount).toBe(8);
    expect(request!.voters?.[0]?.tip_amount).toBe(5);
  });
});

describe('the same person asking again for their song while it waits', () => {
  const ask = (song: Song, body: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/requests',
      headers,
      payload: { song_id: song.id, ...person('Sam'), ...body },
    });

  it('answers their request, saying so, and counts no vote, no +1 and none of their limit', async () => {
    const { musician, song } = await musicianWithSong();
    const others = [
      await createSong(app, musician, { title: 'Yellow' }),
      await createSong(app, musician, { title: 'Creep' }),
      await createSong(app, musician, { title: 'Hallelujah' }),
    ];
    const first = await submitRequest(app, song, person('Sam'));

    const again = await ask(song, { requester_email: 'SAM@example.com', dedication: 'Again!' });
    expect(again.statusCode).toBe(200);
    const { status_token: _token, ...asFirst } = first;
    expect(again.json()).toEqual({ ...asFirst, already_requested: true });

    const [request, ...rest] = await listRequests(musician);
    expect(rest).toEqual([]);
    expect(request).toMatchObject({ id: first.id, votes: 1, dedication: 'From Sam' });
    expect(request!.voters ?? []).toEqual([]);
    const songs = await app.inject({ url: '/api/songs', headers: musician.auth });
    expect(songs.json<Song[]>().find((s) => s.id === song.id)!.request_count).toBe(1);

    // Sam's limit is 3 songs in 10 minutes: the first and two more, the repeat counted nothing.
    for (const other of others.slice(0, 2)) {
      expect((await ask(other, {})).statusCode).toBe(201);
    }
    expect((await ask(others[2]!, {})).statusCode).toBe(429);
  });

  it('knows them by their phone too, whatever email they type', async () => {
    const { musician, song } = await musicianWithSong();
    const phone = { 'x-device-id': 'sams-phone-0123456789abcdef' };
    const first = await ask(song, {}, phone);
    const again = await ask(song, { requester_email: 'other@example.com' }, phone);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, already_requested: true });
    expect(again.json()).not.toHaveProperty('status_token');
    const [request] = await listRequests(musician);
    expect(request!.votes).toBe(1);
  });

  it('answers a +1 asking again with the request they joined, and keeps it one vote', async () => {
    const { musician, song } = await musicianWithSong();
    const first = await submitRequest(app, song, person('Ann'));
    await submitRequest(app, song, person('Sam'));
    const again = await ask(song, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, already_requested: true });
    const [request] = await listRequests(musician);
    expect(request!.votes).toBe(2);
    expect(request!.voters!.map((v) => v.requester_name)).toEqual(['Sam']);
  });

  it('asks afresh once their request was played', async () => {
    const { musician, song } = await musicianWithSong();
    const first = await submitRequest(app, song, person('Sam'));
    await setRequestStatus(app, musician, first.id, 'played');
    const again = await ask(song, {});
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(first.id);
  });

  it('answers a blocked requester asking again the same way, so the answer cannot tell', async () => {
    const { musician, song } = await musicianWithSong();
    const earlier = await submitRequest(app, await createSong(app, musician, { title: 'Creep' }), {
      ...person('Sam'),
    });
    const block = await app.inject({
      method: 'POST',
      url: '/api/blocked-requesters',
      headers: musician.auth,
      payload: { request_id: earlier.id },
    });
    expect(block.statusCode, block.body).toBe(201);
    const first = await ask(song, {});
    expect(first.statusCode).toBe(201);
    const again = await ask(song, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, already_requested: true });
  });
});
