import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '#shared/schemas/auth.ts';
import { startServerProcess, type ServerProcess } from '#scripts/lib/server-process.ts';
import { has } from './requirements.ts';
import { createTestDatabase } from './test-database.ts';

// Real server processes sharing one PostgreSQL database and Redis, as behind a balancer: for
// the tests of what crosses processes (events, the request window's once-only announcement).

export const redisUrl = process.env.TEST_REDIS_URL;
/** Both servers are on the machine (CI sets both variables). */
export const multiProcessEnabled = has.postgres && has.redis;

export interface ProcessGroup {
  /** Starts one more process on the group's database; its base URL. */
  start(env?: Record<string, string>): Promise<string>;
  /** Stops every process and drops the database. */
  stop(): Promise<void>;
}

/** A fresh PostgreSQL database, and processes started on it with Redis on demand. */
export async function processGroup(): Promise<ProcessGroup> {
  const database = await createTestDatabase({ kind: 'postgres' });
  if (database.options.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const { url } = database.options;
  const servers: ServerProcess[] = [];
  return {
    async start(env = {}) {
      const server = await startServerProcess({
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        // Their phones send no proof of work unless a test asks for it (as the test app).
        PROOF_OF_WORK: 'off',
        ...env,
      });
      servers.push(server);
      return server.url;
    },
    async stop() {
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      await database.drop();
    },
  };
}

/** A JSON call to a process, as a device or a phone makes it; throws on anything but 2xx. */
export async function call<T>(url: string, method: string, body: object, token?: string) {
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

/** A new musician registered through `processUrl`. */
export function registerOn(processUrl: string, prefix: string): Promise<AuthResponse> {
  return call<AuthResponse>(`${processUrl}/api/auth/register`, 'POST', {
    name: `${prefix} ${randomUUID().slice(0, 6)}`,
    email: `${prefix.toLowerCase()}-${randomUUID()}@example.com`,
    password: `${prefix.toLowerCase()} pass 1`,
  });
}

/**
 * A polling device's view through one process: what changed since `since` (its first call
 * passes none), as GET /api/requests/updates answers it.
 */
export async function updatesVia(
  processUrl: string,
  musicianId: string,
  token: string,
  since?: string,
): Promise<{ next_since: string; deleted_ids: string[] }> {
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  const res = await fetch(`${processUrl}/api/requests/updates/${musicianId}${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`updates ${res.status}: ${await res.text()}`);
  return (await res.json()) as { next_since: string; deleted_ids: string[] };
}
