import { describe, expect, it } from 'vitest';
import { audienceMessagesDe } from '#shared/i18n/audience-messages-de.ts';
import { audienceMessagesEs } from '#shared/i18n/audience-messages-es.ts';
import { clockTime } from '#shared/i18n/clock-time.ts';
import { messages } from '#shared/messages.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import { parsePushServiceOrigin } from '#server/features/push-notifications/push-service-origins.ts';
import { vapidKeys } from '#server/features/push-notifications/vapid-keys.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  startShow,
  submitRequest,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { startPushService, type TestSubscriber } from './push-service-stub.ts';

// Issue 47, item 1: a requester's phone told when their request goes Up Next, is played, or is
// turned down. The push service is a local one that decrypts each message as the browser would.

const push = await startPushService();
const { app, rawLogs } = await startTestApp({
  webPush: {
    ...testConfig().webPush,
    allowedOrigins: [parsePushServiceOrigin(push.origin)!],
    // Played and Reject are told at once here; the undo window's wait is the service's default.
    finalAfterMs: 0,
  },
});
const db = app.database.kysely;
const { pushNotifications } = app.services;

async function yellowRequest(
  overrides: Parameters<typeof submitRequest>[2] = {},
  musician?: TestMusician,
) {
  const owner = musician ?? (await registerMusician(app));
  const song = await createSong(app, owner, { title: 'Yellow', artist: 'Coldplay' });
  const request = await submitRequest(app, song, { dedication: 'For Sarah', ...overrides });
  return { musician: owner, song, request, token: request.status_token! };
}

function subscribe(token: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/request-status/${token}/push`,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function subscribed(token: string, subscriber: TestSubscriber, extra = {}, headers = {}) {
  const res = await subscribe(token, { ...subscriber.json, ...extra }, headers);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toEqual({ subscribed: true });
}

const rowsOf = (requestId: string) =>
  db.selectFrom('pushSubscriptions').selectAll().where('requestId', '=', requestId).execute();

const statusOf = async (token: string) =>
  (await app.inject({ url: `/api/request-status/${token}` })).json<RequestStatusView>();

describe('the VAPID public key', () => {
  it('is handed to a waiting request, and to none once it is over', async () => {
    const { musician, request, token } = await yellowRequest();
    const key = (await statusOf(token)).push_public_key!;
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    await setRequestStatus(app, musician, request.id, 'played');
    expect((await statusOf(token)).push_public_key).toBeUndefined();
  });

  it('is one pair for every process on the database, made once', async () => {
    const { token } = await yellowRequest();
    const served = (await statusOf(token)).push_public_key;
    // Two more processes starting at once on the same database.
    const [one, two] = await Promise.all([vapidKeys(db).get(), vapidKeys(db).get()]);
    expect(one).toEqual(two);
    expect(one.publicKey).toBe(served);
    const stored = await db.selectFrom('serverSecrets').select('name').where('name', '=', 'vapid');
    expect(await stored.execute()).toHaveLength(1);
  });
});

describe('pushes to a requester’s phone', () => {
  it('tell it when its request goes Up Next, in a message only it can read', async () => {
    const { musician, request, token } = await yellowRequest();
    const phone = push.subscriber();
    await subscribed(token, phone);
    await setRequestStatus(app, musician, request.id, 'up_next');

    const delivery = await push.nth(phone, 0);
    expect(delivery.message).toEqual({
      title: 'Your song is next: Yellow',
      body: 'Yellow by Coldplay is coming up.',
      url: `/musician/${musician.musician.slug}`,
      tag: `request-${request.id}`,
    });
    // Signed with the key the phone subscribed with, for this push service.
    expect(delivery.vapid.publicKey).toBe((await statusOf(token)).push_public_key);
    expect(delivery.vapid.audience).toBe(push.origin);
    expect(delivery.headers).toMatchObject({ ttl: '3600', urgency: 'high' });
    expect(push.failures).toEqual([]);
  });

  it('tell it when played, at the time on its clock, for its dedication, then forget it', async () => {
    const { musician, request, token } = await yellowRequest();
    const phone = push.subscriber();
    await subscribed(token, phone, {}, { 'x-time-zone': 'America/New_York' });
    await setRequestStatus(app, musician, request.id, 'played');

    const { message } = await push.nth(phone, 0);
    const { playedAt } = await db
      .selectFrom('requests')
      .select('playedAt')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    const time = clockTime({ at: playedAt!.toISOString(), timeZone: 'America/New_York' }, 'en');
    expect(message.title).toBe(`Played at ${time}, for Sarah`);
    expect(message.body).toBe('Yellow by Coldplay. Thank you for your request!');
    await pushNotifications.idle();
    expect(await rowsOf(request.id)).toEqual([]);
    // Over: nothing left to tell.
    const again = await subscribe(token, push.subscriber().json);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: messages.pushRequestNotWaiting });
  });

  it('tell it when rejected, in the language of its page', async () => {
    const { musician, request, token } = await yellowRequest();
    const spanish = push.subscriber();
    const german = push.subscriber();
    await subscribed(token, spanish, { language: 'es-MX' });
    await subscribed(token, german, {}, { 'accept-language': 'de-CH, de;q=0.9, en;q=0.5' });
    await setRequestStatus(app, musician, request.id, 'rejected');

    expect((await push.nth(spanish, 0)).message).toMatchObject({
      title: 'Esta noche no: Yellow',
      body: audienceMessagesEs.pushRejectedBody,
    });
    expect((await push.nth(german, 0)).message).toMatchObject({
      title: 'Heute nicht: Yellow',
      body: audienceMessagesDe.pushRejectedBody,
    });
    await pushNotifications.idle();
    expect(await rowsOf(request.id)).toEqual([]);
  });

  it('name the songs to ask for instead of a rejected one, as its status offers them', async () => {
    const { musician, request, token } = await yellowRequest();
    await createSong(app, musician, { title: 'Fix You', artist: 'Coldplay' });
    await createSong(app, musician, { title: 'Clocks', artist: 'Coldplay' });
    const phone = push.subscriber();
    await subscribed(token, phone);
    await setRequestStatus(app, musician, request.id, 'rejected');

    const { message } = await push.nth(phone, 0);
    const offered = (await statusOf(token)).alternatives!.map((song) => song.title);
    expect(offered.sort()).toEqual(['Clocks', 'Fix You']);
    expect(message.title).toBe('Not tonight: Yellow');
    expect(message.body).toMatch(/^Maybe one of these instead: (Fix You, Clocks|Clocks, Fix You)$/);
  });

  it('tell Up Next once, whatever else changes while it is next', async () => {
    const { musician, song, request, token } = await yellowRequest();
    const phone = push.subscriber();
    await subscribed(token, phone);
    await setRequestStatus(app, musician, request.id, 'up_next');
    await push.nth(phone, 0);
    // A +1 on it is another change of the request, still Up Next.
    await submitRequest(app, song, { requester_email: 'another-fan@example.com' });
    await pushNotifications.idle();
    await setRequestStatus(app, musician, request.id, 'played');
    expect((await push.nth(phone, 1)).message.title).toMatch(/^Played at /);
    await pushNotifications.idle();
    expect(push.sentTo(phone)).toHaveLength(2);
  });

  it('remove a subscription at once when its push service answers 410', async () => {
    const { musician, request, token } = await yellowRequest();
    const gone = push.subscriber();
    const kept = push.subscriber();
    push.answer(gone, 410);
    await subscribed(token, gone);
    await subscribed(token, kept);
    await setRequestStatus(app, musician, request.id, 'up_next');
    await Promise.all([push.nth(gone, 0), push.nth(kept, 0)]);
    await pushNotifications.idle();
    expect((await rowsOf(request.id)).map((row) => row.endpoint)).toEqual([kept.json.endpoint]);
  });

  it('log a refusal by the push service’s origin only, never the endpoint or keys', async () => {
    const { musician, request, token } = await yellowRequest();
    const phone = push.subscriber();
    push.answer(phone, 500);
    await subscribed(token, phone);
    await setRequestStatus(app, musician, request.id, 'up_next');
    await push.nth(phone, 0);
    await pushNotifications.idle();
    const logs = rawLogs();
    expect(logs).toContain(`"pushService":"${push.origin}","status":500`);
    for (const secret of [phone.path, phone.json.keys.p256dh, phone.json.keys.auth]) {
      expect(logs).not.toContain(secret);
    }
    // A refusal for now is no reason to forget the phone.
    expect(await rowsOf(request.id)).toHaveLength(1);
  });

  it('never carry another requester’s name, email or dedication', async () => {
    const musician = await registerMusician(app);
    const first = await yellowRequest(
      {
        requester_name: 'Sarah Connor',
        requester_email: 'sarah.connor@example.com',
        dedication: 'For Kyle',
      },
      musician,
    );
    // A +1 on the same song, with its own status token and its own dedication.
    const plusOne = await submitRequest(app, first.song, {
      requester_name: 'John Reese',
      requester_email: 'john.reese@example.com',
      dedication: 'For Mom',
    });
    expect(plusOne.id).toBe(first.request.id);
    const other = await createSong(app, musician, { title: 'Alien', artist: 'Jerry Goldsmith' });
    const third = await submitRequest(app, other, {
      requester_name: 'Ellen Ripley',
      requester_email: 'ellen@example.com',
      dedication: 'For Jones',
    });
    const [firstPhone, plusOnePhone, thirdPhone] = [
      push.subscriber(),
      push.subscriber(),
      push.subscriber(),
    ];
    await subscribed(first.token, firstPhone);
    await subscribed(plusOne.status_token!, plusOnePhone);
    await subscribed(third.status_token!, thirdPhone);

    await setRequestStatus(app, musician, first.request.id, 'up_next');
    // Told before the next move: a request played before its Up Next went out is told Played only.
    await Promise.all([push.nth(firstPhone, 0), push.nth(plusOnePhone, 0)]);
    await setRequestStatus(app, musician, first.request.id, 'played');
    await setRequestStatus(app, musician, third.id, 'rejected');
    const firstPlayed = await push.nth(firstPhone, 1);
    const plusOnePlayed = await push.nth(plusOnePhone, 1);
    await push.nth(thirdPhone, 0);
    expect(firstPlayed.message.title).toMatch(/, for Kyle$/);
    expect(plusOnePlayed.message.title).toMatch(/, for Mom$/);

    const sent = (phone: TestSubscriber) =>
      JSON.stringify(push.sentTo(phone).map((d) => d.message));
    for (const text of [sent(firstPhone), sent(plusOnePhone), sent(thirdPhone)]) {
      for (const person of ['Sarah', 'Connor', 'John', 'Reese', 'Ellen', '@']) {
        expect(text).not.toContain(person);
      }
    }
    expect(sent(firstPhone)).not.toContain('Mom');
    expect(sent(plusOnePhone)).not.toContain('Kyle');
    expect(sent(thirdPhone)).not.toMatch(/Kyle|Mom|Jones/);
  });
});

describe('subscriptions', () => {
  it('are forgotten for every waiting request when the show ends', async () => {
    const musician = await registerMusician(app);
    await startShow(app, musician);
    const { request, token } = await yellowRequest({}, musician);
    await subscribed(token, push.subscriber());
    const stop = await app.inject({
      method: 'POST',
      url: '/api/shows/stop',
      headers: musician.auth,
    });
    expect(stop.statusCode).toBe(200);
    await pushNotifications.idle();
    expect(await rowsOf(request.id)).toEqual([]);
  });

  it('go with their request when the musician deletes it', async () => {
    const { musician, request, token } = await yellowRequest();
    await subscribed(token, push.subscriber());
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/requests/${request.id}`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(request.id)).toEqual([]);
  });

  it('last a day at most, whatever became of their request', async () => {
    const { request, token } = await yellowRequest();
    await subscribed(token, push.subscriber());
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await db
      .updateTable('pushSubscriptions')
      .set({ createdAt: dayAgo })
      .where('requestId', '=', request.id)
      .execute();
    const removed = await app.services.housekeeping.sweep();
    expect(removed.pushSubscriptions).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(request.id)).toEqual([]);
  });

  it('keep one row a browser, and at most three browsers a request', async () => {
    const { request, token } = await yellowRequest();
    const phone = push.subscriber();
    await subscribed(token, phone);
    await subscribed(token, phone, { language: 'fr' });
    expect((await rowsOf(request.id)).map((row) => row.locale)).toEqual(['fr']);
    const others = [push.subscriber(), push.subscriber(), push.subscriber()];
    for (const other of others) await subscribed(token, other);
    const endpoints = (await rowsOf(request.id)).map((row) => row.endpoint);
    expect(endpoints).toHaveLength(3);
    // The browser that subscribed last is always one of them.
    expect(endpoints).toContain(others[2]!.json.endpoint);
  });
});

describe('POST /api/request-status/{token}/push refuses what it cannot use', () => {
  // One waiting request for every refusal: none of them may store anything.
  const hostileTarget = yellowRequest();
  const phone = () => push.subscriber().json;
  const bytes = (length: number, first = 0x04) =>
    Buffer.concat([Buffer.from([first]), Buffer.alloc(length - 1, 7)]).toString('base64url');
  const withKeys = (keys: object) => ({ ...phone(), keys: { ...phone().keys, ...keys } });

  const hostile: Array<[string, unknown]> = [
    ['a public key of 64 bytes', withKeys({ p256dh: bytes(64) })],
    [
      'a public key that is not base64url',
      withKeys({ p256dh: `${bytes(65).slice(0, 80)}!!!!!!!` }),
    ],
    ['a compressed public key', withKeys({ p256dh: bytes(65, 0x05) })],
    ['a point off the curve', withKeys({ p256dh: bytes(65) })],
    ['an auth secret of 15 bytes', withKeys({ auth: Buffer.alloc(15, 1).toString('base64url') })],
    ['no auth secret', { ...phone(), keys: { p256dh: phone().keys.p256dh } }],
    ['no keys', { endpoint: phone().endpoint }],
    ['no endpoint', { keys: phone().keys }],
    ['an endpoint that is no address', { ...phone(), endpoint: 'not an address' }],
    ['an ftp endpoint', { ...phone(), endpoint: 'ftp://127.0.0.1/push' }],
    [
      'an endpoint of 10,000 characters',
      { ...phone(), endpoint: `${push.origin}/${'a'.repeat(10_000)}` },
    ],
    [
      'an address the server was not told of',
      { ...phone(), endpoint: 'http://127.0.0.1:9/push/x' },
    ],
    [
      'a browser push service not on this list',
      { ...phone(), endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
    ],
    [
      'an endpoint with credentials',
      { ...phone(), endpoint: phone().endpoint.replace('//', '//me:pw@') },
    ],
    ['a NUL in the endpoint', { ...phone(), endpoint: `${phone().endpoint}\u0000` }],
    ['a NUL in a key', withKeys({ auth: `${phone().keys.auth}\u0000` })],
    ['a list', [phone()]],
    ['a string', 'subscribe me'],
    ['keys as a string', { ...phone(), keys: 'p256dh' }],
  ];

  for (const [what, body] of hostile) {
    it(`answers 400 with a sentence to ${what}`, async () => {
      const { request, token } = await hostileTarget;
      const res = await subscribe(token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(typeof res.json().detail).toBe('string');
      expect(res.body).not.toMatch(/zod|invalid_type|stack/i);
      expect(await rowsOf(request.id)).toEqual([]);
    });
  }

  it('says which service a browser must use, in the page’s language', async () => {
    const { token } = await yellowRequest();
    const res = await subscribe(
      token,
      { ...phone(), endpoint: 'http://127.0.0.1:9/push/x' },
      { 'accept-language': 'es' },
    );
    expect(res.json()).toEqual({ detail: audienceMessagesEs.pushServiceNotAllowed });
  });

  it('answers 404 to a token no request has, however it is written', async () => {
    for (const token of ['x', '%00', 'a'.repeat(300)]) {
      const res = await subscribe(token, phone());
      // A NUL is refused before the route, an overlong address before the router.
      expect([400, 404, 414], `${token}: ${res.body}`).toContain(res.statusCode);
      expect(typeof res.json().detail).toBe('string');
    }
    const res = await subscribe('A'.repeat(43), phone());
    expect(res.statusCode).toBe(404);
  });
});
