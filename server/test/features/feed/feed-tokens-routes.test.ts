import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { FEED_TOKENS_MAX, type FeedTokenList } from '#shared/schemas/feed.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { pairStageDevice } from '../stage-devices/pair-stage-device.ts';
import { connectFeed, createFeedToken } from './feed-client.ts';

const { app, url, rawLogs } = await startTestApp({}, { listen: true });

async function listTokens(musician: TestMusician) {
  const res = await app.inject({ method: 'GET', url: '/api/feed-tokens', headers: musician.auth });
  expect(res.statusCode).toBe(200);
  return res.json<FeedTokenList>().tokens;
}

function post(musician: TestMusician, payload: unknown, contentType = 'application/json') {
  return app.inject({
    method: 'POST',
    url: '/api/feed-tokens',
    headers: { ...musician.auth, 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('making a feed token', () => {
  it('answers {id, token} once, never cached, and stores only its hash', async () => {
    const musician = await registerMusician(app);
    const res = await post(musician, { name: 'OBS' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json<{ id: string; token: string }>();
    expect(Object.keys(created).sort()).toEqual(['id', 'token']);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await app.database.kysely
      .selectFrom('feedTokens')
      .selectAll()
      .where('id', '=', created.id)
      .execute();
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it('lists {id, name, created_at, last_used_at}: never the token or its hash', async () => {
    const musician = await registerMusician(app);
    const { id, token } = await createFeedToken(app, musician, { name: '  Stream PC  ' });
    const [listed] = await listTokens(musician);
    expect(listed).toEqual({
      id,
      name: 'Stream PC',
      created_at: expect.any(String),
      last_used_at: null,
    });
    const res = await app.inject({ url: '/api/feed-tokens', headers: musician.auth });
    expect(res.body).not.toContain(token);
    expect(res.body).not.toMatch(/[0-9a-f]{64}/);
  });

  it('names tokens "Live feed N" unless named', async () => {
    const musician = await registerMusician(app);
    await createFeedToken(app, musician);
    await createFeedToken(app, musician, { name: 'Lights' });
    await createFeedToken(app, musician, { name: '   ' });
    const names = (await listTokens(musician)).map((token) => token.name);
    expect(names).toEqual(['Live feed 1', 'Lights', 'Live feed 2']);
  });

  it('refuses a name too long, not text, or holding a NUL, with a sentence', async () => {
    const musician = await registerMusician(app);
    for (const name of ['x'.repeat(61), 42, ['OBS']]) {
      const res = await post(musician, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.feedTokenNameInvalid });
    }
    const nul = await post(musician, { name: 'OB\u0000S' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ detail: messages.textHasNulCharacter });
    expect(await listTokens(musician)).toEqual([]);
  });

  it('accepts no body, and refuses a body that is not an object', async () => {
    const musician = await registerMusician(app);
    const bare = await app.inject({
      method: 'POST',
      url: '/api/feed-tokens',
      headers: musician.auth,
    });
    expect(bare.statusCode).toBe(201);
    for (const payload of ['[1]', '"text"', '7', '{"name":']) {
      const res = await post(musician, payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  it(`stops at ${FEED_TOKENS_MAX} tokens with a 409 saying what to do`, async () => {
    const musician = await registerMusician(app);
    for (let i = 0; i < FEED_TOKENS_MAX; i++) await createFeedToken(app, musician);
    const res = await post(musician, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.feedTokensLimit });

    // Revoking one makes room again.
    const [first] = await listTokens(musician);
    await app.inject({
      method: 'DELETE',
      url: `/api/feed-tokens/${first!.id}`,
      headers: musician.auth,
    });
    expect((await post(musician, {})).statusCode).toBe(201);
  });
});

describe('revoking a feed token', () => {
  it('deletes it, and says so', async () => {
    const musician = await registerMusician(app);
    const { id } = await createFeedToken(app, musician);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/feed-tokens/${id}`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.feedTokenRevoked });
    expect(await listTokens(musician)).toEqual([]);
  });

  it("answers 404 for another musician's token and leaves it working", async () => {
    const owner = await registerMusician(app);
    const stranger = await registerMusician(app);
    const { id, token } = await createFeedToken(app, owner);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/feed-tokens/${id}`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.feedTokenNotFound });
    expect(await listTokens(owner)).toHaveLength(1);
    expect(await listTokens(stranger)).toEqual([]);
    const feed = connectFeed(url, { token });
    await feed.waitFor('hello');
  });

  it('answers 404 for an unknown or already revoked id, 400 for one that is no id', async () => {
    const musician = await registerMusician(app);
    const { id } = await createFeedToken(app, musician);
    const del = (path: string) =>
      app.inject({ method: 'DELETE', url: `/api/feed-tokens/${path}`, headers: musician.auth });
    expect((await del(id)).statusCode).toBe(200);
    const again = await del(id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: messages.feedTokenNotFound });
    expect((await del('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await del('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(typeof malformed.json().detail).toBe('string');
  });
});

describe('who may manage feed tokens', () => {
  const calls = (id: string) => [
    { method: 'GET' as const, url: '/api/feed-tokens' },
    { method: 'POST' as const, url: '/api/feed-tokens', payload: {} },
    { method: 'DELETE' as const, url: `/api/feed-tokens/${id}` },
  ];

  it('refuses callers without a session with 401', async () => {
    const musician = await registerMusician(app);
    const { id } = await createFeedToken(app, musician);
    for (const call of calls(id)) {
      const res = await app.inject(call);
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  it('refuses a feed token used as a session: it is read-only', async () => {
    const musician = await registerMusician(app);
    const { id, token } = await createFeedToken(app, musician);
    for (const call of calls(id)) {
      const res = await app.inject({ ...call, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
    const profile = await app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(401);
  });

  it("refuses the musician's stage device with 403", async () => {
    const musician = await registerMusician(app);
    const { id } = await createFeedToken(app, musician);
    const device = await pairStageDevice(app, musician);
    for (const call of calls(id)) {
      const res = await app.inject({ ...call, headers: device.auth });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: messages.stageScopeForbidden });
    }
    expect(await listTokens(musician)).toHaveLength(1);
  });
});

describe('last used', () => {
  it('is set when a feed opens with the token, and the token never reaches the log', async () => {
    const musician = await registerMusician(app);
    const { token } = await createFeedToken(app, musician);
    const before = Date.now();
    const feed = connectFeed(url, { token });
    await feed.waitFor('hello');
    const [listed] = await listTokens(musician);
    expect(Date.parse(listed!.last_used_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(rawLogs()).not.toContain(token);
  });
});
