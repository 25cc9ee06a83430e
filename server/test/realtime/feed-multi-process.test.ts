import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CLOSE } from '#shared/schemas/feed.ts';
import type { AuthResponse } from '#shared/schemas/auth.ts';
import type { CreatedFeedToken } from '#shared/schemas/feed.ts';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import { startServerProcess, type ServerProcess } from '#scripts/lib/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#server-test/helpers/test-database.ts';
import { connectFeed } from '#server-test/features/feed/feed-client.ts';
import { has } from '#server-test/helpers/requirements.ts';

// Two real server processes sharing PostgreSQL and Redis, as behind the load balancer. They
// spawn their own databases, so this runs once (in the SQLite project), not again on PostgreSQL.
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(has.postgres && has.redis && process.env.TEST_DB !== 'postgres');

async function call<T>(url: string, body: object | undefined, token?: string, method = 'POST') {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe.runIf(enabled)('feeds with several server processes', () => {
  const servers: ServerProcess[] = [];
  let database: TestDatabase;
  let processA: string;
  let processB: string;
  let token: string;
  let songId: string;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'postgres' });
    if (database.options.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = { DATABASE_URL: database.options.url, REDIS_URL: redisUrl, LOG_LEVEL: 'warn' };
    servers.push(await startServerProcess(env), await startServerProcess(env));
    [processA, processB] = servers.map((server) => server.url) as [string, string];
    const registered = await call<AuthResponse>(`${processA}/api/auth/register`, {
      name: `Feed Cluster ${randomUUID().slice(0, 6)}`,
      email: `feed-cluster-${randomUUID()}@example.com`,
      password: 'cluster pass 1',
    });
    token = registered.token;
    songId = (
      await call<{ id: string }>(
        `${processA}/api/songs`,
        { title: 'Hallelujah', artist: 'Leonard Cohen' },
        token,
      )
    ).id;
  });
  afterAll(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await database?.drop();
  });

  it('delivers an event published on process A to a feed open on process B', async () => {
    const feedToken = await call<CreatedFeedToken>(`${processA}/api/feed-tokens`, {}, token);
    const feedOnB = connectFeed(processB, { token: feedToken.token });
    await feedOnB.waitFor('hello');

    const created = await call<CreatedRequest>(`${processA}/api/requests`, {
      song_id: songId,
      requester_name: 'Via A',
      requester_email: 'via-a@example.com',
    });
    const message = await feedOnB.waitFor('request.created', (m) => m.data.id === created.id);
    expect(message.data.requester).toBe('Via');

    await call(`${processA}/api/profile`, { requests_enabled: false }, token, 'PUT');
    await feedOnB.waitFor('requests.toggled', (m) => !m.data.requests_enabled);
    await call(`${processA}/api/profile`, { requests_enabled: true }, token, 'PUT');
  });

  it('subscribes a process to the musician’s feed channel only while it holds a feed', async () => {
    const musician = await call<AuthResponse>(`${processA}/api/auth/register`, {
      name: `Feed Channel ${randomUUID().slice(0, 6)}`,
      email: `feed-channel-${randomUUID()}@example.com`,
      password: 'cluster pass 1',
    });
    const redis = new Redis(redisUrl!);
    const channel = `feed#${musician.musician.id}`;
    const subscribers = async () => {
      const [, count] = (await redis.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number];
      return count;
    };
    try {
      expect(await subscribers()).toBe(0);
      const feedToken = await call<CreatedFeedToken>(
        `${processA}/api/feed-tokens`,
        {},
        musician.token,
      );
      const feedOnB = connectFeed(processB, { token: feedToken.token });
      await feedOnB.waitFor('hello');
      expect(await subscribers()).toBe(1);
      feedOnB.socket.close();
      await expect.poll(subscribers).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('closes feeds on process B at once when the token is revoked on process A', async () => {
    const feedToken = await call<CreatedFeedToken>(`${processA}/api/feed-tokens`, {}, token);
    const feedOnB = connectFeed(processB, { token: feedToken.token });
    await feedOnB.waitFor('hello');
    const started = Date.now();
    await call(`${processA}/api/feed-tokens/${feedToken.id}`, undefined, token, 'DELETE');
    expect((await feedOnB.closed).code).toBe(FEED_CLOSE.tokenRefused);
    // Well before the 30 s heartbeat's check of the tokens could have closed it.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('closes feeds on process B when the password changes on process A', async () => {
    const email = `feed-cluster-${randomUUID()}@example.com`;
    const musician = await call<AuthResponse>(`${processA}/api/auth/register`, {
      name: `Feed Cluster ${randomUUID().slice(0, 6)}`,
      email,
      password: 'cluster pass 1',
    });
    const feedToken = await call<CreatedFeedToken>(
      `${processA}/api/feed-tokens`,
      {},
      musician.token,
    );
    const feedOnB = connectFeed(processB, { token: feedToken.token });
    await feedOnB.waitFor('hello');
    await call(
      `${processA}/api/profile/change-password`,
      { current_password: 'cluster pass 1', new_password: 'cluster pass 2' },
      musician.token,
      'PUT',
    );
    // Before the test's timeout, so before the 30 s heartbeat's check of the tokens.
    expect((await feedOnB.closed).code).toBe(FEED_CLOSE.tokenRefused);
  });
});
