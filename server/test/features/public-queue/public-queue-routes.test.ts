import { describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import { PUSH_VERSION, PUSH_VERSION_HEADER, type PageChange } from '#shared/realtime.ts';
import type {
  PublicQueueResponse,
  VenueScreenResponse,
  VoteResponse,
} from '#shared/schemas/public-queue.ts';
import type { CreatedRequest, SongRequest } from '#shared/schemas/request.ts';
import type { Song } from '#shared/schemas/song.ts';
import { loadConfig } from '#server/config.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectAudience, connectDevice } from '#server-test/helpers/test-device.ts';

// The real limits: 3 requests (or +1s) per requester per 10 minutes.
const { app, url } = await startTestApp({ limits: loadConfig({}).limits }, { listen: true });

const PHONE = 'phone-vote-0123456789abcdefghij';

const person = (name: string, extra: Record<string, string> = {}) => ({
  requester_name: name,
  requester_email: `${name.split(' ')[0]!.toLowerCase()}.${name.length}@example.com`,
  dedication: `From ${name} with love`,
  ...extra,
});

// A first name is letters only (a digit ends it): Person0 would show as "Person".
const letterOf = (i: number) => String.fromCharCode(65 + i);

/** A musician with `count` songs, each requested once by a different person, in that order. */
async function queueOf(count: number, profile: Parameters<typeof updateProfile>[2] = {}) {
  const musician = await registerMusician(app, { name: 'Queue Band' });
  await updateProfile(app, musician, { public_queue: true, ...profile });
  const songs: Song[] = [];
  const requests: CreatedRequest[] = [];
  for (let i = 0; i < count; i++) {
    const song = await createSong(app, musician, { title: `Song ${i}`, artist: `Artist ${i}` });
    songs.push(song);
    requests.push(await submitRequest(app, song, person(`Person${letterOf(i)} Surname${i}`)));
  }
  return { musician, slug: musician.musician.slug, songs, requests };
}

const vote = (
  id: string,
  who: { requester_name: string; requester_email: string } = person('Voter Smith'),
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url: `/api/requests/${id}/vote`, headers, payload: who });

async function listRequests(musician: TestMusician): Promise<SongRequest[]> {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  return res.json<{ requests: SongRequest[] }>().requests;
}

describe('GET /api/musicians/:slug/screen', () => {
  it('shows Now, Next and the queue with first names only, no dedication, and the QR code', async () => {
    const { slug, musician, requests } = await queueOf(4);
    await setRequestStatus(app, musician, requests[2]!.id, 'up_next');
    const res = await app.inject({ url: `/api/musicians/${slug}/screen` });
    expect(res.statusCode).toBe(200);
    const screen = res.json<VenueScreenResponse>();
    expect(screen.now).toEqual({
      id: requests[2]!.id,
      song_title: 'Song 2',
      song_artist: 'Artist 2',
      requester_first_name: 'PersonC',
      votes: 1,
      status: 'up_next',
      queue_position: 1,
      dedication: '',
    });
    expect(screen.next?.id).toBe(requests[0]!.id);
    expect(screen.queue.map((r) => r.id)).toEqual([requests[1]!.id, requests[3]!.id]);
    expect(screen.more).toBe(0);
    expect(screen.audience_url).toMatch(new RegExp(`/musician/${slug}$`));
    expect(screen.qr.size).toBeGreaterThan(20);
    expect(screen.qr.path).toMatch(/^M\d/);
    expect(res.body).not.toMatch(/Surname|@|From Person/);
  });

  it('shows dedications only when the musician turns them on', async () => {
    const { slug } = await queueOf(1, { venue_screen_dedications: true });
    const screen = (await app.inject({ url: `/api/musicians/${slug}/screen` })).json();
    expect(screen.next.dedication).toBe('From PersonA Surname0 with love');
  });

  it('caps a first name and hides one typed as an address', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    await submitRequest(app, song, { requester_name: `${'Bartholomew'.repeat(4)} Jones` });
    const other = await createSong(app, musician, { title: 'Other' });
    await submitRequest(app, other, {
      requester_name: 'someone@example.org',
      requester_email: 'b@example.com',
    });
    const screen = (
      await app.inject({ url: `/api/musicians/${musician.musician.slug}/screen` })
    ).json<VenueScreenResponse>();
    expect(screen.next?.requester_first_name).toBe('BartholomewBartholom');
    expect(screen.queue[0]?.requester_first_name).toBe('');
  });

  it('answers 404 with a sentence when the screen is off or the musician unknown', async () => {
    const { slug, musician } = await queueOf(1);
    await updateProfile(app, musician, { venue_screen_enabled: false });
    const off = await app.inject({ url: `/api/musicians/${slug}/screen` });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ detail: messages.venueScreenOff });
    const unknown = await app.inject({ url: '/api/musicians/nobody-here/screen' });
    expect(unknown.json()).toEqual({ detail: messages.musicianNotFound });
  });
});

describe('GET /api/musicians/:slug/queue', () => {
  it('lists Up Next then waiting, each by position, with exactly the public fields', async () => {
    const { slug, musician, requests } = await queueOf(3);
    await setRequestStatus(app, musician, requests[1]!.id, 'up_next');
    await setRequestStatus(app, musician, requests[0]!.id, 'played');
    const res = await app.inject({ url: `/api/musicians/${slug}/queue` });
    expect(res.statusCode).toBe(200);
    const { requests: listed } = res.json<PublicQueueResponse>();
    expect(listed.map((r) => r.id)).toEqual([requests[1]!.id, requests[2]!.id]);
    for (const entry of listed) {
      expect(Object.keys(entry).sort()).toEqual(
        [
          'id',
          'queue_position',
          'requester_first_name',
          'song_artist',
          'song_title',
          'status',
          'votes',
        ].sort(),
      );
    }
    expect(listed[1]).toMatchObject({ requester_first_name: 'PersonC', status: 'pending' });
  });

  it('answers 404 while the musician keeps their queue private', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/queue` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.publicQueueOff });
  });

  it("answers a push's crowd from one read, and a phone naming no push from its own", async () => {
    const { slug, requests } = await queueOf(1);
    const reads = vi.spyOn(app.services.publicQueue, 'queue');
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ url: `/api/musicians/${slug}/queue`, headers });

    // Opening the view, or after a +1: never older than what the phone just did.
    const own = await Promise.all([get(), get(), get()]);
    expect(reads).toHaveBeenCalledTimes(3);
    const etag = own[0]!.headers.etag as string;
    expect(own.map((res) => res.headers.etag)).toEqual([etag, etag, etag]);
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);

    const pushed = { [PUSH_VERSION_HEADER]: 'mfx3k2ab' };
    const crowd = await Promise.all(Array.from({ length: 20 }, () => get(pushed)));
    expect(crowd.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(reads).toHaveBeenCalledTimes(5);
    // Stragglers of the same push: still that read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get(pushed)).json()).toEqual(crowd[0]!.json());
    expect(reads).toHaveBeenCalledTimes(5);

    // A +1 made on this process drops its copy at once, before its own push leaves.
    await vote(requests[0]!.id, person('Late Voter'));
    const after = (await get(pushed)).json<PublicQueueResponse>();
    expect(after.requests[0]!.votes).toBe(2);
    expect(reads).toHaveBeenCalledTimes(6);
    // A malformed version is ignored, not refused.
    expect((await get({ [PUSH_VERSION_HEADER]: 'x'.repeat(500) })).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(7);
  });
});

describe('POST /api/requests/:id/vote', () => {
  it('counts one +1 per person, by email and by device, and orders a "votes" queue', async () => {
    const { musician, requests } = await queueOf(2, { queue_order: 'votes' });
    const target = requests[1]!.id;
    const first = await vote(target, person('Voter Smith'), { 'x-device-id': PHONE });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: target, votes: 2, already_voted: false });
    // The same email from another phone, then another email from the same phone.
    const sameEmail = await vote(target, person('Voter Smith'));
    expect(sameEmail.json<VoteResponse>()).toEqual({ id: target, votes: 2, already_voted: true });
    const samePhone = await vote(target, person('Other Name'), { 'x-device-id': PHONE });
    expect(samePhone.json<VoteResponse>().votes).toBe(2);
    // The requester themselves counts already.
    const own = await vote(target, person('PersonB Surname1'));
    expect(own.json<VoteResponse>()).toMatchObject({ votes: 2, already_voted: true });

    const listed = await listRequests(musician);
    const voted = listed.find((r) => r.id === target)!;
    expect(voted.votes).toBe(2);
    expect(voted.voters?.map((v) => v.requester_name)).toEqual(['Voter Smith']);
    expect(voted.queue_position).toBe(1);
  });

  it('counts 20 parallel presses of one phone once', async () => {
    const { slug, requests } = await queueOf(1);
    const target = requests[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => vote(target, person('Eager Fan'), { 'x-device-id': PHONE })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.json<VoteResponse>().already_voted)).toHaveLength(1);
    const { requests: listed } = (
      await app.inject({ url: `/api/musicians/${slug}/queue` })
    ).json<PublicQueueResponse>();
    expect(listed[0]!.votes).toBe(2);
  });

  it('refuses a played request with 409 and a private queue with 404', async () => {
    const { musician, requests } = await queueOf(2);
    await setRequestStatus(app, musician, requests[0]!.id, 'played');
    const closed = await vote(requests[0]!.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: messages.voteNotOpen });
    await updateProfile(app, musician, { public_queue: false });
    const off = await vote(requests[1]!.id);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ detail: messages.publicQueueOff });
    const unknown = await vote('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.requestNotFound });
  });

  it('answers a bad name or email with a sentence a person can act on', async () => {
    const { requests } = await queueOf(1);
    const res = await vote(requests[0]!.id, { requester_name: ' ', requester_email: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.requestNameEmailRequired });
    const bad = await vote(requests[0]!.id, { requester_name: 'Sam', requester_email: 'nope' });
    expect(bad.json()).toEqual({ detail: messages.emailInvalid });
  });

  it("counts a blocked requester's +1 nowhere, and keeps the requester limit", async () => {
    const { musician, requests, songs } = await queueOf(5);
    // Blocked from a request of their own on another song.
    const troll = person('Troll Person');
    const own = await submitRequest(app, await createSong(app, musician, { title: 'X' }), troll);
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/blocked-requesters',
      headers: musician.auth,
      payload: { request_id: own.id },
    });
    expect(blocked.statusCode).toBe(201);
    const res = await vote(requests[0]!.id, troll);
    expect(res.statusCode).toBe(200);
    expect(res.json<VoteResponse>().votes).toBe(1);
    expect((await listRequests(musician)).find((r) => r.id === requests[0]!.id)?.votes).toBe(1);

    // A request and a +1 count alike: the fourth in 10 minutes is refused.
    const fan = person('Busy Fan');
    await submitRequest(app, songs[4]!, { ...fan, dedication: '' });
    expect((await vote(requests[0]!.id, fan)).statusCode).toBe(200);
    expect((await vote(requests[1]!.id, fan)).statusCode).toBe(200);
    const fourth = await vote(requests[2]!.id, fan);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().detail).toMatch(/3 songs in the last 10 minutes/);
  });

  it('is pushed live: the musician hears request:updated, the screens a queue change', async () => {
    const { musician, slug, requests } = await queueOf(1);
    const device = await connectDevice(url, musician.token);
    const screen = await connectAudience(url);
    expect(await screen.followPage(slug)).toBe(true);
    const started = Date.now();
    await vote(requests[0]!.id, person('Live Voter'));
    const updated = await device.waitFor<SongRequest>('request:updated', (r) => r.votes === 2);
    expect(updated.id).toBe(requests[0]!.id);
    await screen.waitFor<PageChange>('page:changed', (c) => c.kind === 'queue');
    expect(Date.now() - started).toBeLessThan(1000);
    // The screen's message names nothing: it refetches the public answer.
    expect(screen.received.filter((e) => e.name === 'page:changed')).toContainEqual({
      name: 'page:changed',
      payload: { kind: 'queue', version: expect.stringMatching(PUSH_VERSION) },
    });
  });
});
