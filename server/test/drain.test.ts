import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import type { Song } from '#shared/schemas/song.ts';
import { startServerProcess } from '#scripts/lib/server-process.ts';
import { call, registerOn } from './helpers/server-processes.ts';
import { createTestDatabase } from './helpers/test-database.ts';
import { connectDevice } from './helpers/test-device.ts';

/**
 * SIGTERM to a real server process (server/src/main.ts) in the middle of a stream of audience
 * requests: it turns unready first, serves through its drain period, answers what is in flight,
 * then lets its devices go and exits; every request it acknowledged is stored. On PostgreSQL
 * when the suite has one (as behind a balancer), else on the embedded database on disk.
 */
const dataDir = await mkdtemp(join(tmpdir(), 'songreq-drain-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function databaseEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) {
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => {} };
  }
  const database = await createTestDatabase({ kind: 'postgres' });
  if (database.options.kind !== 'postgres') throw new Error('expected PostgreSQL');
  return { env: { DATABASE_URL: database.options.url }, drop: database.drop };
}

const ENV = {
  LOG_LEVEL: 'warn',
  REDIS_URL: '',
  // One second of drain: long enough to be seen, short enough for a test.
  DRAIN_SECONDS: '1',
  // The stream below is one address asking many times: no limit may refuse it.
  REQUEST_LIMIT_PER_REQUESTER: '1000',
  LIMIT_PER_MUSICIAN_PER_MINUTE: '100000',
  LIMIT_PER_ADDRESS_PER_MINUTE: '100000',
  // Every fan here asks for the one song from one address: each +1 must count and be followed.
  VOTE_LIMIT_PER_ADDRESS: '100000',
  RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
  RATE_LIMIT_PUBLIC_READS_PER_MINUTE: '100000',
  // Its stream sends no proof of work (the proof's own tests: server/test/proof-of-work/).
  PROOF_OF_WORK: 'off',
};

/** What GET /api/ready answered, when it was asked and when the answer came. */
interface Check {
  at: number;
  answeredAt: number;
  status: number | 'refused';
}

describe('SIGTERM', () => {
  it('turns unready, drains, answers what is in flight, then exits with nothing acknowledged lost', async () => {
    const database = await databaseEnv();
    try {
      const server = await startServerProcess({ ...ENV, ...database.env });
      const { url } = server;
      const musician = await registerOn(url, 'Drain');
      const song = await call<Song>(
        `${url}/api/songs`,
        'POST',
        { title: 'Hallelujah', artist: 'Leonard Cohen', genres: [], moods: [] },
        musician.token,
      );
      const device = await connectDevice(url, musician.token);
      device.socket.io.opts.reconnection = false;
      let deviceGoneAt = 0;
      device.socket.once('disconnect', () => (deviceGoneAt = Date.now()));

      let exitedAt = 0;
      const exited = new Promise<number | null>((resolve) =>
        server.child.once('exit', (code) => {
          exitedAt = Date.now();
          resolve(code);
        }),
      );

      // The balancer's view: GET /api/ready every 20 ms until the process is gone.
      const checks: Check[] = [];
      const checking = (async () => {
        while (!exitedAt) {
          const at = Date.now();
          const status = await fetch(`${url}/api/ready`).then(
            (res) => res.status,
            () => 'refused' as const,
          );
          checks.push({ at, answeredAt: Date.now(), status });
          await sleep(20);
        }
      })();

      // Phones asking for songs, four at a time, until the process is gone.
      const acknowledged: { token: string; at: number }[] = [];
      let n = 0;
      const phone = async () => {
        while (!exitedAt) {
          const res = await fetch(`${url}/api/requests`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              song_id: song.id,
              requester_name: 'Fan',
              requester_email: `fan-${++n}@example.com`,
            }),
          }).catch(() => undefined);
          if (res?.ok) {
            const created = (await res.json()) as CreatedRequest;
            acknowledged.push({ token: created.status_token, at: Date.now() });
          } else {
            await res?.body?.cancel();
            await sleep(10);
          }
        }
      };
      const phones = Promise.all([phone(), phone(), phone(), phone()]);

      await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThan(10);
      const termAt = Date.now();
      server.child.kill('SIGTERM');
      expect(await exited, server.output()).toBe(0);
      await Promise.all([checking, phones]);

      // Answered before the signal was sent: the process was ready then. (A check sent just
      // before it may be answered after it, rightly 503.)
      const before = checks.filter((check) => check.answeredAt < termAt);
      // (The signal takes a moment to arrive: a check sent just after it may still pass.)
      const after = checks.filter((check) => check.at > termAt + 100);
      expect(before.at(-1)?.status).toBe(200);
      // Unready from the SIGTERM to the exit; 503 before it stopped taking connections.
      expect(after.some((check) => check.status === 200)).toBe(false);
      const firstUnready = after.find((check) => check.status === 503);
      expect(firstUnready).toBeDefined();
      expect(firstUnready!.at - termAt).toBeLessThan(500);
      // It kept serving through the drain, and let the device go only after it.
      expect(acknowledged.some(({ at }) => at > firstUnready!.at + 500)).toBe(true);
      expect(deviceGoneAt - termAt).toBeGreaterThanOrEqual(950);
      expect(deviceGoneAt).toBeLessThanOrEqual(exitedAt);

      // Every acknowledged request is stored: a new process on the same database finds each.
      const next = await startServerProcess({ ...ENV, ...database.env, DRAIN_SECONDS: '0' });
      try {
        const statuses = await Promise.all(
          acknowledged.map(({ token }) =>
            fetch(`${next.url}/api/request-status/${token}`).then((res) => res.status),
          ),
        );
        expect(statuses.filter((status) => status !== 200)).toEqual([]);
      } finally {
        await next.stop();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});
