import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { PUSH_VERSION, type PageChange } from '#shared/realtime.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import {
  createSong,
  hideSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import {
  connectAudience,
  connectDevice,
  type TestAudiencePhone,
} from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

const STATUS_FIELDS = [
  'id',
  'payment',
  'queue_position',
  'song_artist',
  'song_title',
  'status',
  'updated_at',
];

async function pageOf(musician: TestMusician): Promise<TestAudiencePhone> {
  const phone = await connectAudience(url);
  expect(await phone.followPage(musician.musician.slug)).toBe(true);
  return phone;
}

async function requestWithToken(musician: TestMusician, title = 'Dreams') {
  const song = await createSong(app, musician, { title });
  return submitRequest(app, song);
}

const isProfile = (change: PageChange) => change.kind === 'profile';

/** The untyped socket, to send what a hostile client would. */
const raw = (phone: TestAudiencePhone) => phone.socket as unknown as Socket;

describe('the audience namespace: a page follows its musician', () => {
  it('hears requests going off and on, with the public profile only', async () => {
    const musician = await registerMusician(app);
    const phone = await pageOf(musician);

    await updateProfile(app, musician, { requests_enabled: false });
    const off = await phone.waitFor<PageChange>(
      'page:changed',
      (c) => c.kind === 'profile' && !c.musician.requests_enabled,
    );
    const publicProfile = (
      await app.inject({ url: `/api/musicians/${musician.musician.slug}` })
    ).json<PublicMusician>();
    expect(off).toEqual({ kind: 'profile', musician: publicProfile });
    expect(JSON.stringify(off)).not.toContain(musician.email);
    expect(off.kind === 'profile' && off.musician).not.toHaveProperty('email');

    await updateProfile(app, musician, { requests_enabled: true });
    await phone.waitFor<PageChange>(
      'page:changed',
      (c) => c.kind === 'profile' && c.musician.requests_enabled,
    );
  });

  it('is sent for its song list by a profile change only when the repeat rule changed', async () => {
    // Requests going off at a festival must not send 20,000 phones for their list.
    const musician = await registerMusician(app);
    const phone = await pageOf(musician);
    await updateProfile(app, musician, { requests_enabled: false });
    await phone.waitFor<PageChange>('page:changed', isProfile);
    // Longer than a songs push waits to coalesce (500 ms): it would have arrived.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const kinds = () => phone.received.map((e) => (e.payload as PageChange).kind);
    expect(kinds()).toEqual(['profile']);

    await updateProfile(app, musician, { repeat_rule: 'show' });
    await phone.waitFor<PageChange>('page:changed', (c) => c.kind === 'songs');
    expect(kinds()).toEqual(['profile', 'profile', 'songs']);
  });

  it('hears that the songs changed when a song is added or hidden', async () => {
    const musician = await registerMusician(app);
    const phone = await pageOf(musician);

    const song = await createSong(app, musician);
    expect(await phone.waitFor<PageChange>('page:changed', (c) => c.kind === 'songs')).toEqual({
      kind: 'songs',
      version: expect.stringMatching(PUSH_VERSION),
    });
    const heard = phone.received.length;
    await hideSong(app, musician, song);
    await expect
      .poll(() =>
        phone.received.slice(heard).some((e) => (e.payload as PageChange).kind === 'songs'),
      )
      .toBe(true);
  });

  it("never hears another musician's page", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    const phone = await pageOf(musician);

    await updateProfile(app, other, { requests_enabled: false });
    await createSong(app, other);
    // Its own page's change arriving proves the phone was listening all along.
    await updateProfile(app, musician, { bio: 'Mine' });
    await phone.waitFor<PageChange>('page:changed', isProfile);
    const ids = phone.received.map((e) => {
      const change = e.payload as PageChange;
      return change.kind === 'profile' ? change.musician.id : change.kind;
    });
    expect(ids).toEqual([musician.musician.id]);
  });

  it('tells pages open under the old slug about the new one', async () => {
    const musician = await registerMusician(app);
    const oldSlug = musician.musician.slug;
    const phone = await pageOf(musician);
    const newSlug = `moved-${musician.musician.id.slice(0, 8)}`;

    await updateProfile(app, musician, { slug: newSlug });
    const moved = await phone.waitFor<PageChange>('page:changed', isProfile);
    expect(moved.kind === 'profile' && moved.musician.slug).toBe(newSlug);

    // A page opened under the new slug hears what follows; the old slug names no one now.
    const newPhone = await connectAudience(url);
    expect(await newPhone.followPage(newSlug)).toBe(true);
    expect(await newPhone.followPage(oldSlug)).toBe(false);
    await createSong(app, musician);
    await newPhone.waitFor<PageChange>('page:changed', (c) => c.kind === 'songs');
  });

  it('answers page:follow with whether the musician exists', async () => {
    const musician = await registerMusician(app);
    const phone = await connectAudience(url);
    expect(await phone.followPage('no-such-musician')).toBe(false);
    expect(await phone.followPage(musician.musician.slug.toUpperCase())).toBe(true);
    expect(await phone.followPage(` ${musician.musician.slug} `)).toBe(true);
  });
});

describe('the audience namespace: a requester follows their requests', () => {
  it('hears their request go to Up next and Played, and only its public status', async () => {
    const musician = await registerMusician(app);
    const created = await requestWithToken(musician);
    const phone = await connectAudience(url);

    const [current] = await phone.followRequests([created.status_token]);
    expect(current).toEqual({
      id: created.id,
      song_title: 'Dreams',
      song_artist: 'Oasis',
      status: 'pending',
      updated_at: expect.any(String),
      queue_position: 1,
      payment: null,
    });

    await setRequestStatus(app, musician, created.id, 'up_next');
    const upNext = await phone.waitFor<RequestStatusView>(
      'request:status',
      (s) => s.status === 'up_next',
    );
    expect(Object.keys(upNext).sort()).toEqual(STATUS_FIELDS);
    const rest = await app.inject({ url: `/api/request-status/${created.status_token}` });
    // The wait estimate and the push key are read by the status page alone (the phone keeps
    // them through a push).
    const { eta_minutes: eta, push_public_key: key, ...restView } = rest.json<RequestStatusView>();
    expect(upNext).toEqual(restView);
    expect(eta).toEqual(expect.any(Number));
    expect(key).toEqual(expect.any(String));

    await setRequestStatus(app, musician, created.id, 'played');
    await phone.waitFor<RequestStatusView>('request:status', (s) => s.status === 'played');
  });

  it("never hears another requester's request", async () => {
    const musician = await registerMusician(app);
    const mine = await requestWithToken(musician, 'Mine');
    const theirs = await requestWithToken(musician, 'Theirs');
    const phone = await connectAudience(url);
    await phone.followRequests([mine.status_token]);

    await setRequestStatus(app, musician, theirs.id, 'up_next');
    await setRequestStatus(app, musician, theirs.id, 'played');
    await setRequestStatus(app, musician, mine.id, 'rejected');
    await phone.waitFor<RequestStatusView>('request:status', (s) => s.status === 'rejected');
    expect(phone.received.map((e) => (e.payload as RequestStatusView).id)).toEqual([mine.id]);
  });

  it('follows several requests at once and answers only the tokens that are valid', async () => {
    const musician = await registerMusician(app);
    const a = await requestWithToken(musician, 'A');
    const b = await requestWithToken(musician, 'B');
    const phone = await connectAudience(url);
    const answered = await phone.followRequests([
      a.status_token,
      'not-a-token',
      b.status_token,
      a.status_token,
      'A'.repeat(43),
    ]);
    expect(answered.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses more than 20 tokens at once', async () => {
    const musician = await registerMusician(app);
    const created = await requestWithToken(musician);
    const phone = await connectAudience(url);
    const tokens = [created.status_token, ...Array.from({ length: 20 }, (_, i) => `t${i}`)];
    expect(await phone.followRequests(tokens)).toEqual([]);
    expect(await phone.followRequests(tokens.slice(0, 20))).toHaveLength(1);
  });

  it('sends musician devices no status token', async () => {
    const musician = await registerMusician(app);
    const device = await connectDevice(url, musician.token);
    const created = await requestWithToken(musician);
    await setRequestStatus(app, musician, created.id, 'up_next');
    await device.waitFor('request:updated');
    const text = JSON.stringify(device.received);
    expect(text).toContain(created.id);
    expect(text).not.toContain(created.status_token);
    expect(text).not.toContain('status_token');
  });
});

describe('the audience namespace under hostile clients', () => {
  it('answers junk with false or [] and keeps serving', async () => {
    const musician = await registerMusician(app);
    const created = await requestWithToken(musician);
    const phone = await connectAudience(url);
    const socket = raw(phone);
    const ask = (event: string, ...args: unknown[]) =>
      socket.timeout(5000).emitWithAck(event, ...args);

    for (const slug of [42, null, {}, ['a'], 'x'.repeat(10_000), 'band\u0000', '🎸', '../x']) {
      expect(await ask('page:follow', slug)).toBe(false);
    }
    for (const tokens of [
      'a-token',
      42,
      null,
      { 0: created.status_token },
      Array.from({ length: 10_000 }, () => 'x'),
      [42, null, {}, 'x'.repeat(10_000), '\u0000'.repeat(43), '🎸'],
    ]) {
      expect(await ask('request:follow', tokens)).toEqual([]);
    }
    // No ack at all, or an ack where the slug should be: nothing breaks.
    socket.emit('page:follow', musician.musician.slug);
    socket.emit('request:follow', [created.status_token]);
    socket.emit('page:follow');
    socket.emit('request:follow');
    socket.emit('no-such-event', { anything: true });
    expect(await ask('page:follow')).toBe(false);
    expect(await ask('request:follow')).toEqual([]);

    // Still connected, still answering, and the server still serves everyone else.
    expect(phone.socket.connected).toBe(true);
    expect(await phone.followPage(musician.musician.slug)).toBe(true);
    expect(await phone.followRequests([created.status_token])).toHaveLength(1);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('needs no sign-in, and gets nothing of the musician namespace', async () => {
    const musician = await registerMusician(app);
    const phone = await pageOf(musician);
    const song = await createSong(app, musician);
    await submitRequest(app, song, { requester_name: 'Someone Else' });
    await phone.waitFor<PageChange>('page:changed', (c) => c.kind === 'songs');
    // The new request is a queue change too (the venue screen refetches): a page message.
    await phone.waitFor<PageChange>('page:changed', (c) => c.kind === 'queue');
    expect(phone.received.map((e) => e.name)).toEqual(['page:changed', 'page:changed']);
  });
});
