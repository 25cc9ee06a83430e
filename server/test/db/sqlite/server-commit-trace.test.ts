/**
 * The embedded server itself, traced while audience requests arrive at once: every 201 it writes
 * to a phone comes after the fsync of the WAL that holds that request's row (commit-trace.ts).
 * Ties each answer to its own commit by the request's id, which the answer carries and the row
 * holds, so answers given out of order or covered by one shared fsync are checked exactly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteFileIn } from '#server/db/sqlite/open-sqlite.ts';
import { freePort } from '#scripts/lib/server-process.ts';
import { traceCommits, type Syscall } from './commit-trace.ts';
import { has } from '#server-test/helpers/requirements.ts';

const root = join(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'songreq-traced-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const REQUESTS = 24;

/** The id in a `201 Created` answer to POST /api/requests (the only answer with a status token). */
function requestAnswered(call: Syscall): string | undefined {
  if (!['write', 'writev', 'sendto', 'sendmsg'].includes(call.name)) return undefined;
  const text = call.data.toString('latin1');
  if (!text.startsWith('HTTP/1.1 201') || !text.includes('"status_token"')) return undefined;
  return /"id":"([0-9a-f-]{36})"/.exec(text)?.[1];
}

async function waitForHealth(url: string) {
  for (let tries = 0; tries < 300; tries++) {
    if (
      await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the traced server did not start');
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe.runIf(has.strace)('the embedded server', () => {
  it(
    'answers 201 to a request only after its commit is on the disk',
    { timeout: 90_000 },
    async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let answered = 0;
      const report = await traceCommits({
        command: process.execPath,
        args: ['server/src/main.ts'],
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          REDIS_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DRAIN_SECONDS: '0',
          LOG_LEVEL: 'warn',
        },
        databaseFile: sqliteFileIn(dataDir),
        acknowledgementToken: requestAnswered,
        drive: async () => {
          await waitForHealth(url);
          const { token } = await post<{ token: string }>(`${url}/api/auth/register`, {
            name: 'Traced Band',
            email: 'traced@example.com',
            password: 'correct horse 1',
          });
          const songs: { id: string }[] = [];
          for (let n = 0; n < REQUESTS; n++) {
            songs.push(
              await post(`${url}/api/songs`, { title: `Song ${n}`, artist: 'Band' }, token),
            );
          }
          // All at once: commits share fsyncs and answers may leave out of order.
          const filed = await Promise.all(
            songs.map((song, n) =>
              post<{ id: string }>(`${url}/api/requests`, {
                song_id: song.id,
                requester_name: `Fan ${n}`,
                requester_email: `fan${n}@example.com`,
                tip_amount: 0,
              }),
            ),
          );
          answered = filed.length;
        },
      });
      expect(answered).toBe(REQUESTS);
      expect(report.acknowledgements).toBe(REQUESTS);
      expect(report.walFsyncs).toBeGreaterThan(0);
      expect(report.violations).toEqual([]);
    },
  );
});
