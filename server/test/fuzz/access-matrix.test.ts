import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { messages } from '#shared/messages.ts';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  createSong,
  registerMusician,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { connectAudience } from '#server-test/helpers/test-device.ts';
import { pairStageDevice } from '#server-test/features/stage-devices/pair-stage-device.ts';
import { hostileText, hostileValue, validish } from './arbitraries.ts';
import {
  apiRoutes,
  fillPath,
  isGuarded,
  musicianWithThings,
  offlineOverrides,
  ownedParam,
  paramNames,
  stubPlatforms,
  type OwnedThings,
  type RouteEntry,
} from './route-table.ts';

// The route table comes from the real app: every route it adds is recorded with its schemas.
vi.mock('fastify', async (importOriginal) =>
  (await import('./route-table.ts')).recordingFastify(await importOriginal()),
);

/**
 * Every musician route, read from the app's own route table, against every kind of caller that
 * must not get the musician's data: nobody, a made-up token, a signed-out session, another
 * musician, and a stage device (a bandmate's tablet, limited to the queue).
 */

const platforms = await stubPlatforms();
const { app, url } = await startTestApp(offlineOverrides(testConfig(), platforms.url), {
  listen: true,
});
const routes = apiRoutes(app);

// Musician A has one of everything; B is another musician; C signed out.
const a = await musicianWithThings(app, { name: 'Alpha Band' });
const b = await musicianWithThings(app, { name: 'Bravo Band' });
let bee = b.musician;
// Both show their queue (and the venue screen, on by default): the public routes answer.
await updateProfile(app, a.musician, { public_queue: true });
await updateProfile(app, b.musician, { public_queue: true });
const signedOut = await registerMusician(app);
await app.inject({ method: 'POST', url: '/api/auth/logout', headers: signedOut.auth });

// Phones on both audience pages, following A's request, listening from the start.
const phoneOnA = await connectAudience(url);
await phoneOnA.followPage(a.musician.musician.slug);
await phoneOnA.followRequests([a.request.status_token]);
const phoneOnB = await connectAudience(url);
await phoneOnB.followPage(b.musician.musician.slug);

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** A's secrets: none may reach anyone but A. */
function secretsOf(owner: OwnedThings): string[] {
  return [
    owner.musician.email,
    `requester-of-${owner.musician.musician.slug}@example.com`,
    `suggester-of-${owner.musician.musician.slug}@example.com`,
    `blocked-by-${owner.musician.musician.slug}@example.com`,
  ];
}

/** A value the schema accepts (a sample per route, so two routes never send the same one). */
function validSample(schema: z.ZodType | undefined, seed: number): unknown {
  if (!schema) return undefined;
  const samples = fc.sample(validish(schema), { numRuns: 1000, seed });
  return samples.find((sample) => schema.safeParse(sample).success) ?? samples[0];
}

function seedOf(route: RouteEntry): number {
  let hash = 7;
  for (const char of `${route.method} ${route.url}`) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * A request the route's schemas accept, with A's ids in the path: the guard, not the validator,
 * must be what refuses it. A parameter naming nothing the table knows gets a valid sample.
 */
function validRequest(route: RouteEntry, owner: OwnedThings) {
  const params = validSample(route.params, seedOf(route)) as Record<string, string> | undefined;
  const path = fillPath(
    route.url,
    (name) => ownedParam(route.url, name, owner) ?? String(params?.[name] ?? 'made-up-value'),
  );
  const query = validSample(route.querystring, seedOf(route)) as
    Record<string, unknown> | undefined;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(key, String(value));
  }
  return {
    url: search.size > 0 ? `${path}?${search}` : path,
    body: validSample(route.body, seedOf(route)),
  };
}

function call(route: RouteEntry, owner: OwnedThings, headers: Record<string, string>) {
  const { url, body } = validRequest(route, owner);
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  };
  return app.inject(options);
}

function describeAnswer(route: RouteEntry, caller: string, res: LightMyRequestResponse) {
  return `${route.method} ${route.url} as ${caller}: ${res.statusCode} ${res.body.slice(0, 300)}`;
}

/**
 * B, signed in: again after a route before signed B out (logout), or a new B after one deleted
 * B's account (B may; the check is only that it never touches A).
 */
async function signedInB(): Promise<TestMusician> {
  const check = await app.inject({ url: '/api/profile', headers: bee.auth });
  if (check.statusCode === 200) return bee;
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: bee.email, password: bee.password },
  });
  if (login.statusCode === 200) {
    bee.auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  } else {
    bee = await registerMusician(app, { name: 'Bravo Band Again' });
  }
  return bee;
}

/** Everything A can see of their own things, to compare before and after the others tried. */
async function everythingOf(owner: OwnedThings) {
  const { auth, musician } = owner.musician;
  const urls = [
    '/api/profile',
    '/api/songs',
    '/api/playlists',
    `/api/playlists/${owner.playlist.id}`,
    `/api/requests/musician/${musician.id}`,
    '/api/shows',
    '/api/song-suggestions',
    '/api/stage-devices',
    '/api/design/settings',
    '/api/blocked-requesters',
  ];
  const answers: Record<string, unknown> = {};
  for (const path of urls) {
    const res = await app.inject({ url: path, headers: auth });
    // A paging cursor moves with the clock; what it pages is what must not change.
    const body = res.body.replace(/"next_since":"[^"]*"/, '"next_since":"…"');
    answers[path] = `${res.statusCode} ${body}`;
  }
  return answers;
}

const musicianRoutes: RouteEntry[] = [];
for (const route of routes) {
  if (isGuarded(route)) {
    musicianRoutes.push(route);
    continue;
  }
  // A route guarding itself inside its handler counts too: it answers nobody with 401.
  const res = await call(route, a, {});
  if (res.statusCode === 401) musicianRoutes.push(route);
}

/** Path parameters that name nothing a musician owns (a payment provider's checkout session). */
const NAMES_NOTHING = new Set(['/api/subscription/checkout/status/*']);

const tokenCallers: Array<{ caller: string; headers: () => Record<string, string> }> = [
  { caller: 'no token', headers: () => ({}) },
  { caller: 'a garbage token', headers: () => ({ authorization: 'Bearer not-a-real-token' }) },
  { caller: 'a malformed header', headers: () => ({ authorization: 'Basic YTpi' }) },
  { caller: 'a signed-out token', headers: () => signedOut.auth },
];

describe('musician routes refuse callers without a live musician session', () => {
  it('finds the musician routes in the route table', () => {
    expect(musicianRoutes.length).toBeGreaterThan(50);
  });

  for (const route of musicianRoutes) {
    it(`${route.method} ${route.url}`, async () => {
      const wrong: string[] = [];
      for (const { caller, headers } of tokenCallers) {
        const res = await call(route, a, headers());
        if (res.statusCode !== 401 || typeof res.json().detail !== 'string') {
          wrong.push(describeAnswer(route, caller, res));
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('a stranger is refused before the body is read', () => {
  // The guards run on request: a malformed body gets the same 401 as a good one, and says
  // nothing of what the route expects.
  for (const route of musicianRoutes.filter((r) => isGuarded(r) && (r.body || r.querystring))) {
    it(`${route.method} ${route.url}`, async () => {
      const { url } = validRequest(route, a);
      const res = await app.inject({
        method: route.method as InjectOptions['method'],
        url: `${url.split('?')[0]}?limit=-1&since=%00`,
        headers: { 'content-type': 'application/json' },
        ...(route.method === 'GET' ? {} : { payload: '{"title": "\u0000", "song_ids": [[[' }),
      });
      expect(res.statusCode, describeAnswer(route, 'no token, malformed', res)).toBe(401);
      expect(res.json().detail).toBe(messages.loginRequired);
    });
  }
});

describe("another musician can neither see nor change A's things", () => {
  let before: Record<string, unknown> = {};

  it("takes stock of A's things", async () => {
    before = await everythingOf(a);
  });

  for (const route of musicianRoutes) {
    const names = paramNames(route.url);
    const namesA = names.filter((name) => ownedParam(route.url, name, a) !== undefined);
    it(`${route.method} ${route.url}`, async () => {
      const res = await call(route, a, (await signedInB()).auth);
      const text = res.body;
      for (const secret of secretsOf(a))
        expect(text, describeAnswer(route, 'B', res)).not.toContain(secret);
      expect(text, describeAnswer(route, 'B', res)).not.toContain(a.song.title);
      if (namesA.length === 0) return;
      // A's id in the path: as if it did not exist. A musician id may also be refused with 403,
      // and so may another's playlist: the spec (section 6) words those refusals as 403s.
      const allowed =
        namesA.includes('musicianId') ||
        route.url.includes('/musician/:') ||
        route.url.includes('/playlists/:')
          ? [403, 404]
          : [404];
      expect(allowed, describeAnswer(route, 'B', res)).toContain(res.statusCode);
    });
  }

  // A parameter the table cannot fill with A's thing is not checked for 404 yet: each shows up
  // as a todo until ownedParam (route-table.ts) learns it and musicianWithThings seeds one.
  for (const route of musicianRoutes) {
    const unknown = paramNames(route.url).filter(
      (name) => ownedParam(route.url, name, a) === undefined && !NAMES_NOTHING.has(route.url),
    );
    if (unknown.length > 0) {
      it.todo(`${route.method} ${route.url}: B with A's ${unknown.join(', ')} answers 404`);
    }
  }

  it("leaves A's things as they were", async () => {
    expect(await everythingOf(a)).toEqual(before);
  });
});

describe("a stage device is limited to its musician's queue", () => {
  // Signing out would end the device's session for every later row: it has its own test below.
  const SIGN_OUT = '/api/auth/logout';
  for (const route of musicianRoutes.filter((r) => r.url !== SIGN_OUT)) {
    it(`${route.method} ${route.url}`, async () => {
      const res = await call(route, a, a.stageDevice.auth);
      const answer = describeAnswer(route, "A's stage device", res);
      if (route.guards.includes('requireMusician')) {
        expect(res.statusCode, answer).toBe(403);
        expect(typeof res.json().detail, answer).toBe('string');
      }
      // Even on the queue, the bandmate's tablet never sees an email.
      expect(res.body.match(EMAIL) ?? [], answer).toEqual([]);
    });
  }

  it("cannot reach B's things either", async () => {
    const wrong: string[] = [];
    for (const route of musicianRoutes.filter((r) => paramNames(r.url).length > 0)) {
      const res = await call(route, b, a.stageDevice.auth);
      if (res.statusCode < 400 || secretsOf(b).some((secret) => res.body.includes(secret))) {
        wrong.push(describeAnswer(route, "A's stage device on B's ids", res));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('can sign itself out, and is then refused', async () => {
    const device = await pairStageDevice(app, a.musician);
    const out = await app.inject({ method: 'POST', url: SIGN_OUT, headers: device.auth });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: `/api/requests/musician/${a.musician.musician.id}`,
      headers: device.auth,
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('no anonymous answer carries an email', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      const { body } = validRequest(route, a);
      // An email the caller sent (their own sign-up) may come back to them; no other may.
      const sent = new Set(JSON.stringify(body ?? '').match(EMAIL) ?? []);
      for (const { caller, headers } of tokenCallers) {
        const res = await call(route, a, headers());
        const leaked = (res.body.match(EMAIL) ?? []).filter((email) => !sent.has(email));
        expect(leaked, describeAnswer(route, caller, res)).toEqual([]);
      }
    });
  }
});

describe("the venue screen and the public queue show a musician's own queue, publicly", () => {
  const publicRoutes = ['/api/musicians/:slug/screen', '/api/musicians/:slug/queue'];

  it('are in the route table, open to anyone', () => {
    const urls = routes.filter((r) => !isGuarded(r)).map((r) => `${r.method} ${r.url}`);
    for (const route of publicRoutes) expect(urls).toContain(`GET ${route}`);
    expect(urls).toContain('POST /api/requests/:id/vote');
  });

  it("never carry an email, a dedication, or the other musician's things", async () => {
    for (const route of publicRoutes) {
      // A's page (B may have deleted their account by now, in a row above).
      const res = await app.inject({ url: fillPath(route, () => a.musician.musician.slug) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(a.song.title);
      expect(res.body).not.toContain(b.song.title);
      for (const secret of [...secretsOf(a), ...secretsOf(b)])
        expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('For Sam');
      expect(res.body.match(EMAIL) ?? []).toEqual([]);
    }
  });
});

describe("the payments CSV is the musician's books, theirs alone", () => {
  const route = 'GET /api/analytics/export-payments';

  it('is a musician route of the table, refused to a stage device', () => {
    const entry = musicianRoutes.find((r) => `${r.method} ${r.url}` === route);
    expect(entry?.guards).toContain('requireMusician');
  });

  it("answers A their money with no email, and B none of A's", async () => {
    const mine = await app.inject({
      url: '/api/analytics/export-payments',
      headers: a.musician.auth,
    });
    expect(mine.statusCode).toBe(200);
    // A's claimed tip on their request, with its song.
    expect(mine.body).toContain(a.song.title);
    expect(mine.body.match(EMAIL) ?? []).toEqual([]);
    const theirs = await app.inject({
      url: '/api/analytics/export-payments',
      headers: (await signedInB()).auth,
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(a.song.title);
  });
});

describe('a requester’s push subscription', () => {
  const route = 'POST /api/request-status/:token/push';
  /** A browser's PushSubscription JSON, at the local stand-in: no push leaves the machine. */
  const browser = () => {
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    return {
      endpoint: `${platforms.url}/push/${randomUUID()}`,
      keys: {
        p256dh: keys.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
  };

  it('is an audience route of the table, opened by the status token alone', () => {
    const entry = routes.find((r) => `${r.method} ${r.url}` === route);
    expect(entry).toBeDefined();
    expect(isGuarded(entry!)).toBe(false);
  });

  it('subscribes the request its token names, whoever calls, and answers nothing of it', async () => {
    const song = await createSong(app, a.musician, { title: 'Told to its requester' });
    const mine = await submitRequest(app, song, { requester_email: 'told@example.com' });
    const url = `/api/request-status/${mine.status_token}/push`;
    // Nobody, B, A's stage device and A alike: the token decides, and a session adds nothing.
    for (const headers of [{}, (await signedInB()).auth, a.stageDevice.auth, a.musician.auth]) {
      const res = await app.inject({ method: 'POST', url, headers, payload: browser() });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ subscribed: true });
    }
    const rows = await app.database.kysely
      .selectFrom('pushSubscriptions')
      .select(['requestId', 'musicianId'])
      .where('endpoint', 'like', `${platforms.url}/push/%`)
      .execute();
    // Four browsers asked; a request keeps the newest three, all of them on this request.
    expect(rows).toEqual(Array(3).fill({ requestId: mine.id, musicianId: a.musician.musician.id }));
    // The request's id, or B's musician id, in place of its token: no request of anyone.
    for (const token of [mine.id, b.musician.musician.id, 'made-up-token']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/request-status/${token}/push`,
        headers: (await signedInB()).auth,
        payload: browser(),
      });
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

describe('asking again in a waiting requester’s name', () => {
  it('answers their request without its status token, which keeps working', async () => {
    const song = await createSong(app, a.musician, { title: 'Asked in someone’s name' });
    const body = { song_id: song.id, requester_name: 'Sam', requester_email: 'sam@example.com' };
    const first = await submitRequest(app, song, body);
    const stranger = await app.inject({
      method: 'POST',
      url: '/api/requests',
      remoteAddress: '203.0.113.99',
      payload: { ...body, requester_name: 'Not Sam' },
    });
    expect(stranger.statusCode, stranger.body).toBe(200);
    expect(stranger.json()).toEqual({
      id: first.id,
      song_title: first.song_title,
      song_artist: first.song_artist,
      status: first.status,
      created_at: first.created_at,
      already_requested: true,
    });
    expect(stranger.body).not.toContain(first.status_token);
    const status = await app.inject({ url: `/api/request-status/${first.status_token}` });
    expect(status.statusCode).toBe(200);
  });
});

describe('no audience socket message carries an email', () => {
  it("answers hostile follows with a plain refusal and no one else's data", async () => {
    const phone = await connectAudience(url);
    const secrets = [...secretsOf(a), ...secretsOf(b)];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileValue, fc.constant(a.musician.musician.slug)),
        fc.oneof(hostileValue, fc.array(hostileText, { maxLength: 60 })),
        async (slug, tokens) => {
          const followed = await phone.followPage(slug as string);
          expect(typeof followed).toBe('boolean');
          const statuses = await phone.followRequests(tokens as string[]);
          expect(Array.isArray(statuses)).toBe(true);
          const text = JSON.stringify(statuses);
          for (const secret of secrets) expect(text).not.toContain(secret);
        },
      ),
      { numRuns: 150 },
    );
    expect(JSON.stringify(phone.received).match(EMAIL) ?? []).toEqual([]);
  });

  it('keeps emails out of page and request messages', async () => {
    // A changes what the phones follow: the profile, a song, the request's state.
    await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: a.musician.auth,
      payload: { name: 'Alpha Band Live' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: a.musician.auth,
      payload: { title: 'Valerie', artist: 'Amy Winehouse', genres: [], moods: [], year: 2006 },
    });
    await app.inject({
      method: 'PUT',
      url: `/api/requests/${a.request.id}/status`,
      headers: a.musician.auth,
      payload: { status: 'played' },
    });
    await phoneOnA.waitFor('request:status');
    await phoneOnA.waitFor('page:changed');

    const messages = [...phoneOnA.received, ...phoneOnB.received];
    expect(messages.length).toBeGreaterThan(0);
    expect(JSON.stringify(messages).match(EMAIL) ?? []).toEqual([]);
  });
});

describe("a show's recap is public only as its musician shares it, and names nobody", () => {
  const recapOf = (slug: string, showId: string) =>
    app.inject({ url: `/api/musicians/${slug}/shows/${showId}/recap` });

  it('is in the route table, open to anyone', () => {
    const urls = routes.filter((r) => !isGuarded(r)).map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/musicians/:slug/shows/:show_id/recap');
  });

  it("answers A's ended show with its songs and no one's name, email or dedication", async () => {
    // A's request was played in the row above; the show ends and A shares its recap.
    await updateProfile(app, a.musician, { show_recaps: true });
    const stop = await app.inject({
      method: 'POST',
      url: '/api/shows/stop',
      headers: a.musician.auth,
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const res = await recapOf(a.musician.musician.slug, a.show.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(a.song.title);
    for (const secret of [...secretsOf(a), ...secretsOf(b)]) expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain('For Sam');
    expect(res.body).not.toContain('"Alex"');
    expect(res.body.match(EMAIL) ?? []).toEqual([]);
  });

  it("answers A's show under another slug, and B's unshared show, as not found", async () => {
    const bravo = await musicianWithThings(app, { name: 'Bravo Recaps Off' });
    const underB = await recapOf(bravo.musician.musician.slug, a.show.id);
    expect(underB.statusCode, underB.body).toBe(404);
    expect(underB.json().detail).toBe(messages.showRecapNotFound);
    const unshared = await recapOf(bravo.musician.musician.slug, bravo.show.id);
    expect(unshared.statusCode, unshared.body).toBe(404);
    expect(unshared.body).not.toContain(bravo.song.title);
  });
});
