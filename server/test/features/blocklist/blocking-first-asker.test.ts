import { describe, expect, it } from 'vitest';
import type { RequestersResponse } from '#shared/schemas/analytics.ts';
import type { SubscriptionStatus } from '#shared/schemas/subscription.ts';
import type { CreatedRequest, SongRequest } from '#shared/schemas/request.ts';
import type { Song } from '#shared/schemas/song.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';

// Blocking the first person who asked for a song that others then joined (+1): the others'
// request must survive, handed to the first of them.
const { app, url } = await startTestApp({}, { listen: true });

const asker = (name: string, tip: number) => ({
  body: {
    requester_name: name,
    requester_email: `${name.toLowerCase()}@example.com`,
    dedication: `From ${name}`,
    tip_amount: tip,
  },
  headers: { 'x-device-id': `${name.toLowerCase()}-phone-0123456789`, 'idempotency-key': name },
});
const A = asker('Ann', 3);
const B = asker('Ben', 5);
const C = asker('Cat', 7);

async function listRequests(musician: TestMusician): Promise<SongRequest[]> {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  return res.json<{ requests: SongRequest[] }>().requests;
}

function block(musician: TestMusician, requestId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/blocked-requesters',
    headers: musician.auth,
    payload: { request_id: requestId },
  });
}

async function statusOf(created: CreatedRequest) {
  const res = await app.inject({ url: `/api/request-status/${created.status_token}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; status: string }>();
}

function retry(song: Song, who: typeof A) {
  return app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: who.headers,
    payload: { song_id: song.id, ...who.body },
  });
}

async function requestsUsed(musician: TestMusician): Promise<number> {
  const res = await app.inject({ url: '/api/subscription/status', headers: musician.auth });
  return res.json<SubscriptionStatus>().requests_used;
}

/** A asks for the song, then B and C join it: one request, three votes. */
async function joinedRequest() {
  const musician = await registerMusician(app);
  const song = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
  const ann = await submitRequest(app, song, A.body, A.headers);
  const ben = await submitRequest(app, song, B.body, B.headers);
  const cat = await submitRequest(app, song, C.body, C.headers);
  expect(new Set([ann.id, ben.id, cat.id]).size).toBe(1);
  return { musician, song, ann, ben, cat };
}

describe('blocking the first asker of a request others joined', () => {
  it('keeps the request for the others, in the name of the first who joined', async () => {
    const { musician, ann } = await joinedRequest();
    const device = await connectDevice(url, musician.token);

    expect((await block(musician, ann.id)).statusCode).toBe(201);

    const requests = await listRequests(musician);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      id: ann.id,
      song_title: 'Jolene',
      requester_name: 'Ben',
      requester_email: 'ben@example.com',
      dedication: 'From Ben',
      votes: 2,
      tip_amount: 12,
      voters: [{ requester_name: 'Cat', dedication: 'From Cat', tip_amount: 7 }],
    });
    const updated = await device.waitFor<SongRequest>('request:updated', (p) => p.id === ann.id);
    expect(updated).toMatchObject({ requester_name: 'Ben', votes: 2 });
    const deleted = device.received.filter((event) => event.name === 'request:deleted');
    expect(deleted).toEqual([]);
    // Ben and Cat still count; Ann's hidden request does not. Their tips were claims sent with
    // their asks (POST /api/requests), which analytics does not count (issue 45).
    expect(await requestsUsed(musician)).toBe(2);
    const analytics = await app.inject({
      url: '/api/analytics/requesters',
      headers: musician.auth,
    });
    const requesters = analytics.json<RequestersResponse>().requesters;
    expect(requesters.map((r) => [r.requester_name, r.request_count, r.total_tips]).sort()).toEqual(
      [
        ['Ben', 1, 0],
        ['Cat', 1, 0],
      ],
    );
  });

  it("answers everyone's status link and retry as before", async () => {
    const { musician, song, ann, ben, cat } = await joinedRequest();
    await block(musician, ann.id);

    // Ann's own submission is kept apart, frozen at the status it had ("pending").
    const annStatus = await statusOf(ann);
    expect(annStatus).toMatchObject({ song_title: 'Jolene', status: 'pending' });
    expect(annStatus.id).not.toBe(ann.id);
    const annRetry = await retry(song, A);
    expect(annRetry.statusCode).toBe(201);
    expect(annRetry.json()).toMatchObject({ id: annStatus.id, status: 'pending' });

    // Ben and Cat follow the request the musician sees.
    await setRequestStatus(app, musician, ann.id, 'up_next');
    for (const created of [ben, cat]) {
      expect(await statusOf(created)).toMatchObject({ id: ann.id, status: 'up_next' });
    }
    for (const who of [B, C]) {
      const again = await retry(song, who);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ id: ann.id, status: 'up_next' });
    }
    // The retries changed nothing the musician sees.
    const [request] = await listRequests(musician);
    expect(request).toMatchObject({ requester_name: 'Ben', votes: 2, tip_amount: 12 });
    // Ann's retry was given a new token (the first answer never arrived): it follows her row.
    const annAgain = annRetry.json<CreatedRequest>();
    expect(await statusOf(annAgain)).toMatchObject({ id: annStatus.id, status: 'pending' });
  });

  it('hands the request on again when its new requester is blocked too', async () => {
    const { musician, ann, ben } = await joinedRequest();
    const device = await connectDevice(url, musician.token);

    await block(musician, ann.id);
    // Ben is now the request's requester: blocking from it blocks Ben, whose request goes.
    await block(musician, ben.id);
    expect(await listRequests(musician)).toMatchObject([
      { id: ann.id, requester_name: 'Cat', votes: 1, tip_amount: 7, voters: [] },
    ]);
    await device.waitFor<SongRequest>(
      'request:updated',
      (p) => p.id === ann.id && p.requester_name === 'Cat',
    );
  });
});

describe('blocking someone who joined a request', () => {
  it('removes only their +1', async () => {
    const { musician, song, ann } = await joinedRequest();
    const otherSong = await createSong(app, musician);
    const other = await submitRequest(app, otherSong, B.body, {
      ...B.headers,
      'idempotency-key': 'Ben-2',
    });
    expect(other.id).not.toBe(ann.id);

    await block(musician, other.id);
    const requests = await listRequests(musician);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      id: ann.id,
      requester_name: 'Ann',
      votes: 2,
      tip_amount: 10,
      voters: [{ requester_name: 'Cat', tip_amount: 7 }],
    });
    const annRetry = await retry(song, A);
    expect(annRetry.json()).toMatchObject({ id: ann.id });
  });
});
