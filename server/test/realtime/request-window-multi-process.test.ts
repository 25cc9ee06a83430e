import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '#shared/schemas/auth.ts';
import type { Musician, PublicMusician } from '#shared/schemas/musician.ts';
import { startServerProcess, type ServerProcess } from '#scripts/lib/server-process.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { connectDevice } from '../helpers/test-device.ts';

// Two real server processes sharing PostgreSQL and Redis, both waiting for the same close time.
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(process.env.TEST_DATABASE_URL && redisUrl);

const servers: ServerProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function startProcess(databaseUrl: string): Promise<string> {
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    // Both look at the stored times every 200 ms: both reach for the close as it passes.
    REQUEST_WINDOW_RECHECK_MS: '200',
  });
  servers.push(server);
  return server.url;
}

async function call<T>(url: string, method: string, body: object, token?: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe.runIf(enabled)('a request window closing with two processes', () => {
  it('switches requests off at the close, announced once to every device', async () => {
    const database = await createTestDatabase({ kind: 'postgres' });
    if (database.options.kind !== 'postgres') throw new Error('expected PostgreSQL');
    cleanups.push(() => database.drop());
    const processA = await startProcess(database.options.url);
    const { token, musician } = await call<AuthResponse>(`${processA}/api/auth/register`, 'POST', {
      name: `Window ${randomUUID().slice(0, 6)}`,
      email: `window-${randomUUID()}@example.com`,
      password: 'window pass 1',
    });
    const processB = await startProcess(database.options.url);
    const deviceOnA = await connectDevice(processA, token);
    const deviceOnB = await connectDevice(processB, token);
    const closeAt = new Date(Date.now() + 1500).toISOString();
    await call(`${processA}/api/profile`, 'PUT', { requests_close_at: closeAt }, token);

    const closed = (m: Musician) => m.requests_close_at !== null && !m.requests_enabled;
    await deviceOnA.waitFor<Musician>('profile:updated', closed);
    await deviceOnB.waitFor<Musician>('profile:updated', closed);
    const pub = await fetch(`${processB}/api/musicians/${musician.slug}`);
    expect(((await pub.json()) as PublicMusician).requests_enabled).toBe(false);

    // A change after the close: once both devices hear it, a second announcement of the close
    // (published at the close, before this) would have arrived too.
    await call(`${processA}/api/profile`, 'PUT', { bio: 'after the close' }, token);
    for (const device of [deviceOnA, deviceOnB]) {
      await device.waitFor<Musician>('profile:updated', (m) => m.bio === 'after the close');
      const closes = device.received.filter(
        (e) => e.name === 'profile:updated' && closed(e.payload as Musician),
      );
      expect(closes.filter((e) => (e.payload as Musician).bio === '')).toHaveLength(1);
    }
  }, 120_000);
});
