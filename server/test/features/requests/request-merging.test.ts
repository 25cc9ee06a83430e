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
