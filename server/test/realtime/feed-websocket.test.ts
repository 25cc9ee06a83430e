import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { FEED_CLOSE, FEED_OPEN_MAX, type FeedRequest } from '#shared/schemas/feed.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  startShow,
  submitRequest,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';
import { connectFeed, createFeedToken } from '#server-test/features/feed/feed-client.ts';

const { app, url } = await startTestApp({}, { listen: true });

/** A musician with a song and a feed token, and a feed open on it past its hello. */
async function musicianWithFeed(name?: string) {
  const musician = await registerMusician(app, name ? { name } : {});
  const song = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
  const { id: tokenId, token } = await createFeedToken(app, musician);
  const feed = connectFeed(url, { token });
  await feed.waitFor('hello');
  return { musician, song, token, tokenId, feed };
}

const EXACT_REQUEST = (overrides: Partial<FeedRequest>): FeedRequest => ({
  id: expect.any(String),
  song: 'Jolene',
  artist: 'Dolly Parton',
  requester: 'Mary',
  dedication: 'For Sam',
  status: 'pending',
  votes: 1,
  // Each request of these tests is first in its column (Up Next, or waiting).
  queue_position: 1,
  created_at: expect.any(String),
  ...overrides,
});

describe('hello', () => {
  it('tells who the feed follows, whether requests are on, and the queue in order', async () => {
    const musician = await registerMusician(app, { name: 'The Hello Band' });
    const song = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
    const valerie = await createSong(app, musician, { title: 'Valerie', artist: 'Amy Winehouse' });
    const rehab = await createSong(app, musician, { title: 'Rehab', artist: 'Amy Winehouse' });
    const first = await submitRequest(app, song, { requester_name: 'Mary Jane Smith' });
    const second = await submitRequest(app, rehab, {
      requester_name: 'Olu',
      requester_email: 'olu@example.com',
      dedication: '',
    });
    const third = await submitRequest(app, valerie, {
      requester_name: 'Pat',
      requester_email: 'pat@example.com',
    });
    await setRequestStatus(app, musician, second.id, 'played');
    await setRequestStatus(app, musician, third.id, 'up_next');
    const { token } = await createFeedToken(app, musician);

    const feed = connectFeed(url, { token });
    const hello = await feed.waitFor('hello');
    expect(hello).toEqual({
      type: 'hello',
      at: expect.any(String),
      data: {
        musician: { name: 'The Hello Band', slug: musician.musician.slug },
        requests_enabled: true,
        // Up Next first, then the waiting ones; played ones are not in the queue.
        queue: [
          EXACT_REQUEST({
            id: third.id,
            song: 'Valerie',
            artist: 'Amy Winehouse',
            requester: 'Pat',
            status: 'up_next',
          }),
          EXACT_REQUEST({ id: first.id }),
        ],
      },
    });
    expect(Date.parse(hello.at)).not.toBeNaN();
    expect(feed.received[0]!.type).toBe('hello');
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const musician = await registerMusician(app);
    const { token } = await createFeedToken(app, musician);
    const feed = connectFeed(url, { bearer: token });
    const hello = await feed.waitFor('hello');
    expect(hello.data.musician.slug).toBe(musician.musician.slug);
  });
});

describe('events', () => {
  it('sends request.created with exactly the public fields', async () => {
    const { song, feed } = await musicianWithFeed();
    const created = await submitRequest(app, song, {
      requester_name: 'Mary Jane',
      requester_email: 'mary@example.com',
      tip_amount: 5,
    });
    const message = await feed.waitFor('request.created', (m) => m.data.id === created.id);
    expect(message).toEqual({
      type: 'request.created',
      at: expect.any(String),
      data: EXACT_REQUEST({ id: created.id, created_at: created.created_at }),
    });
  });

  it('sends request.updated on a move and on a +1, and request.deleted', async () => {
    const { musician, song, feed } = await musicianWithFeed();
    const created = await submitRequest(app, song, { requester_name: 'Mary' });
    await submitRequest(app, song, {
      requester_name: 'Kim',
      requester_email: 'kim@example.com',
    });
    const merged = await feed.waitFor('request.updated', (m) => m.data.votes === 2);
    expect(merged.data).toEqual(EXACT_REQUEST({ id: created.id, votes: 2 }));

    await setRequestStatus(app, musician, created.id, 'up_next');
    const moved = await feed.waitFor('request.updated', (m) => m.data.status === 'up_next');
    expect(moved.data).toEqual(EXACT_REQUEST({ id: created.id, votes: 2, status: 'up_next' }));

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/requests/${created.id}`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    const deleted = await feed.waitFor('request.deleted');
    expect(deleted).toEqual({
      type: 'request.deleted',
      at: expect.any(String),
      data: { id: created.id },
    });
  });

  it('sends show.updated when a show starts and stops', async () => {
    const { musician, feed } = await musicianWithFeed();
    const show = await startShow(app, musician, 'Friday at the Crown');
    const started = await feed.waitFor('show.updated', (m) => m.data.active);
    expect(started).toEqual({
      type: 'show.updated',
      at: expect.any(String),
      data: { active: true, show: { id: show.id, name: 'Friday at the Crown', venue_name: '' } },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/shows/stop',
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    const stopped = await feed.waitFor('show.updated', (m) => !m.data.active);
    expect(stopped.data.active).toBe(false);
  });

  it('sends requests.toggled only when requests go off or on, not on other profile edits', async () => {
    const { musician, feed } = await musicianWithFeed();
    await updateProfile(app, musician, { bio: 'Covers, mostly.' });
    await updateProfile(app, musician, { requests_enabled: false });
    const off = await feed.waitFor('requests.toggled');
    expect(off).toEqual({
      type: 'requests.toggled',
      at: expect.any(String),
      data: { requests_enabled: false },
    });
    await updateProfile(app, musician, { name: 'Renamed Band' });
    await updateProfile(app, musician, { requests_enabled: true });
    await feed.waitFor('requests.toggled', (m) => m.data.requests_enabled);
    expect(feed.received.filter((m) => m.type === 'requests.toggled')).toHaveLength(2);
  });

  it('never carries an email, whatever field the requester typed one in', async () => {
    const { musician, song, feed } = await musicianWithFeed();
    const created = await submitRequest(app, song, {
      requester_name: 'fan@example.com',
      requester_email: 'fan@example.com',
      dedication: 'Write to me at fan.mail@example.org!',
    });
    await setRequestStatus(app, musician, created.id, 'up_next');
    await feed.waitFor('request.updated');
    const message = await feed.waitFor('request.created');
    expect(message.data.requester).toBe('');
    expect(message.data.dedication).toBe(`Write to me at ${messages.feedEmailHidden}`);

    // A new feed's hello carries the same request: no email there either.
    const { token } = await createFeedToken(app, musician);
    const later = connectFeed(url, { token });
    const hello = await later.waitFor('hello');
    expect(hello.data.queue).toHaveLength(1);
    const everything = [...feed.raw, ...later.raw].join('\n');
    expect(everything).not.toContain('@');
    expect(everything).not.toMatch(/"(requester_email|email|tip_amount|requester_name)"/);
  });
});

describe('privacy between musicians', () => {
  it("another musician's token sees nothing of this musician", async () => {
    const mine = await musicianWithFeed('Mine');
    const theirs = await musicianWithFeed('Theirs');
    const created = await submitRequest(app, mine.song, { requester_name: 'Only Mine' });
    await updateProfile(app, mine.musician, { requests_enabled: false });
    await startShow(app, mine.musician);
    await mine.feed.waitFor('request.created', (m) => m.data.id === created.id);
    await mine.feed.waitFor('show.updated');
    await mine.feed.waitFor('requests.toggled');

    // Their own event arrives after: everything of mine before it would have arrived too.
    await submitRequest(app, theirs.song, { requester_name: 'Theirs' });
    await theirs.feed.waitFor('request.created');
    expect(theirs.feed.received.map((m) => m.type)).toEqual(['hello', 'request.created']);
    expect(theirs.feed.raw.join('\n')).not.toContain('Only');
    expect(theirs.feed.raw.join('\n')).not.toContain(mine.musician.musician.slug);
  });
});

describe('tokens that do not open the feed', () => {
  it('closes a missing, wrong or session token with 4401 and a reason', async () => {
    const musician = await registerMusician(app);
    const cases = [
      { options: {}, reason: messages.feedTokenMissing },
      { options: { token: 'not-a-real-token' }, reason: messages.feedTokenInvalid },
      { options: { bearer: musician.token }, reason: messages.feedTokenInvalid },
    ];
    for (const { options, reason } of cases) {
      const feed = connectFeed(url, options);
      expect(await feed.closed).toEqual({ code: FEED_CLOSE.tokenRefused, reason });
      expect(feed.received).toEqual([]);
    }
  });

  it('answers a plain GET with 401 for a bad token and 426 for a good one', async () => {
    const musician = await registerMusician(app);
    const { token } = await createFeedToken(app, musician);
    const none = await app.inject({ url: '/api/feed' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: messages.feedTokenMissing });
    const wrong = await app.inject({ url: '/api/feed?token=wrong' });
    expect(wrong.json()).toEqual({ detail: messages.feedTokenInvalid });
    const good = await app.inject({ url: `/api/feed?token=${token}` });
    expect(good.statusCode).toBe(426);
    expect(good.json()).toEqual({ detail: messages.feedUpgradeRequired });
    const tooLong = await app.inject({ url: `/api/feed?token=${'x'.repeat(500)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ detail: messages.feedTokenInvalid });
  });

  it('limits connections from one address to 120 a minute, with a detail', async () => {
    const attempt = () => app.inject({ url: '/api/feed?token=guess', remoteAddress: '10.9.8.7' });
    for (let i = 0; i < 120; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: messages.tooManyRequests });
    const elsewhere = await app.inject({ url: '/api/feed?token=guess', remoteAddress: '10.9.8.6' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('closes the open feeds of a token the moment it is revoked, and only those', async () => {
    const { musician, tokenId, feed } = await musicianWithFeed();
    const { token: otherToken } = await createFeedToken(app, musician);
    const other = connectFeed(url, { token: otherToken });
    await other.waitFor('hello');

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/feed-tokens/${tokenId}`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await feed.closed).toEqual({
      code: FEED_CLOSE.tokenRefused,
      reason: messages.feedTokenInvalid,
    });
    expect(other.socket.readyState).toBe(other.socket.OPEN);
    expect(app.feedHub.openCount(musician.musician.id)).toBe(1);
  });

  it(`closes feeds beyond ${FEED_OPEN_MAX} per musician with 4429`, async () => {
    const musician = await registerMusician(app);
    const { token } = await createFeedToken(app, musician);
    const feeds = Array.from({ length: FEED_OPEN_MAX }, () => connectFeed(url, { token }));
    await Promise.all(feeds.map((feed) => feed.waitFor('hello')));
    const extra = connectFeed(url, { token });
    expect(await extra.closed).toEqual({
      code: FEED_CLOSE.tooManyFeeds,
      reason: messages.feedTooManyOpen,
    });
    feeds[0]!.socket.close();
    await feeds[0]!.closed;
    await expect.poll(() => app.feedHub.openCount(musician.musician.id)).toBe(FEED_OPEN_MAX - 1);
    const again = connectFeed(url, { token });
    await again.waitFor('hello');
  });
});

describe('alongside Socket.IO', () => {
  it('leaves the musician devices on Socket.IO working on the same server', async () => {
    const { musician, song, feed } = await musicianWithFeed();
    const device = await connectDevice(url, musician.token);
    const created = await submitRequest(app, song);
    await device.waitFor<SongRequest>('request:created', (r) => r.id === created.id);
    await feed.waitFor('request.created', (m) => m.data.id === created.id);
  });
});

describe('server shutdown', () => {
  it('closes open feeds with 1001 so clients reconnect', async () => {
    const own = await startTestApp({}, { listen: true });
    const musician = await registerMusician(own.app);
    const { token } = await createFeedToken(own.app, musician);
    const feed = connectFeed(own.url, { token });
    await feed.waitFor('hello');
    await own.app.close();
    expect(await feed.closed).toEqual({
      code: FEED_CLOSE.serverRestarting,
      reason: messages.feedServerRestarting,
    });
  });
});
