import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { BlockedRequester } from '#shared/schemas/blocked-requester.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { Song } from '#shared/schemas/song.ts';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import {
  createSong,
  registerMusician,
  submitRequest,
  submitSuggestion,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

const TROLL_PHONE = { 'x-device-id': 'troll-phone-0123456789abcdef' };
const troll = { requester_name: 'Troll', requester_email: 'Troll@Example.com', dedication: 'lol' };

async function musicianWithSongs(): Promise<{ musician: TestMusician; songs: Song[] }> {
  const musician = await registerMusician(app);
  const songs = [
    await createSong(app, musician, { title: 'One' }),
    await createSong(app, musician, { title: 'Two' }),
  ];
  return { musician, songs };
}

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

describe('blocking a requester from a request', () => {
  it('hides their waiting requests from every device and lists them as blocked', async () => {
    const { musician, songs } = await musicianWithSongs();
    const device = await connectDevice(url, musician.token);
    const mine = await submitRequest(app, songs[0]!, troll, TROLL_PHONE);
    const other = await submitRequest(app, songs[1]!, { requester_name: 'Kind' });

    const res = await block(musician, mine.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      requester_name: 'Troll',
      email: 'troll@example.com',
      device_blocked: true,
      created_at: expect.any(String),
    });
    await device.waitFor<{ id: string }>('request:deleted', (p) => p.id === mine.id);
    expect((await listRequests(musician)).map((r) => r.id)).toEqual([other.id]);

    const list = await app.inject({ url: '/api/blocked-requesters', headers: musician.auth });
    expect(list.json<{ blocked: BlockedRequester[] }>().blocked).toEqual([res.json()]);
    // Blocking twice keeps one entry.
    await block(musician, mine.id);
    const again = await app.inject({ url: '/api/blocked-requesters', headers: musician.auth });
    expect(again.json().blocked).toHaveLength(1);
  });

  it('accepts their next submissions silently: 201, a working token, never shown or pushed', async () => {
    const { musician, songs } = await musicianWithSongs();
    const first = await submitRequest(app, songs[0]!, troll, TROLL_PHONE);
    await block(musician, first.id);
    const device = await connectDevice(url, musician.token);

    // By email (another phone), and by phone (another email).
    const byEmail = await submitRequest(app, songs[1]!, troll);
    const byPhone = await submitRequest(
      app,
      songs[1]!,
      { requester_name: 'Not a troll', requester_email: 'fresh@example.com' },
      TROLL_PHONE,
    );
    for (const created of [byEmail, byPhone]) {
      expect(created).toMatchObject({ song_title: 'Two', status: 'pending' });
      const status = await app.inject({ url: `/api/request-status/${created.status_token}` });
      expect(status.json()).toMatchObject({ id: created.id, status: 'pending' });
    }

    // A kind person asking for the same song gets a request of their own, votes 1.
    const kind = await submitRequest(app, songs[1]!, { requester_name: 'Kind' });
    expect(kind.id).not.toBe(byEmail.id);
    const requests = await listRequests(musician);
    expect(requests.map((r) => [r.requester_name, r.votes])).toEqual([['Kind', 1]]);

    await device.waitFor<SongRequest>('request:created', (p) => p.id === kind.id);
    const seen = device.received.map((event) => (event.payload as { id?: string }).id);
    expect(seen).not.toContain(byEmail.id);
    expect(seen).not.toContain(byPhone.id);

    // Their suggestions are answered too, and kept nowhere.
    await submitSuggestion(app, musician, { requester_email: 'troll@example.com' });
    const suggestions = await app.inject({ url: '/api/song-suggestions', headers: musician.auth });
    expect(suggestions.json<Suggestion[]>()).toEqual([]);
  });

  it("takes away their +1 on someone else's request", async () => {
    const { musician, songs } = await musicianWithSongs();
    const kind = await submitRequest(app, songs[0]!, { requester_name: 'Kind' });
    const ownRequest = await submitRequest(app, songs[1]!, troll, TROLL_PHONE);
    expect((await submitRequest(app, songs[0]!, troll, TROLL_PHONE)).id).toBe(kind.id);

    await block(musician, ownRequest.id);
    const [request] = await listRequests(musician);
    expect(request).toMatchObject({ id: kind.id, votes: 1, voters: [] });
  });

  it('lets their new requests through again once unblocked', async () => {
    const { musician, songs } = await musicianWithSongs();
    const first = await submitRequest(app, songs[0]!, troll);
    const entry = (await block(musician, first.id)).json<BlockedRequester>();

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/blocked-requesters/${entry.id}`,
      headers: musician.auth,
    });
    expect(res.json()).toEqual({ success: true, message: messages.requesterUnblocked });
    const again = await submitRequest(app, songs[1]!, troll);
    expect((await listRequests(musician)).map((r) => r.id)).toEqual([again.id]);

    const twice = await app.inject({
      method: 'DELETE',
      url: `/api/blocked-requesters/${entry.id}`,
      headers: musician.auth,
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ detail: messages.blockedRequesterNotFound });
  });

  it("is the musician's own: another cannot block from, list or unblock it", async () => {
    const { musician, songs } = await musicianWithSongs();
    const stranger = await registerMusician(app);
    const request = await submitRequest(app, songs[0]!, troll);
    const refused = await block(stranger, request.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: messages.requestNotFound });
    expect(await listRequests(musician)).toHaveLength(1);

    const entry = (await block(musician, request.id)).json<BlockedRequester>();
    const list = await app.inject({ url: '/api/blocked-requesters', headers: stranger.auth });
    expect(list.json()).toEqual({ blocked: [] });
    const unblock = await app.inject({
      method: 'DELETE',
      url: `/api/blocked-requesters/${entry.id}`,
      headers: stranger.auth,
    });
    expect(unblock.statusCode).toBe(404);
  });

  it('answers a person-readable 4xx to bad input and no token', async () => {
    const { musician } = await musicianWithSongs();
    const notAnId = await block(musician, 'nope');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toHaveProperty('detail');
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/blocked-requesters',
      payload: { request_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
