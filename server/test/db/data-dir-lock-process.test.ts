/**
 * Two servers on one DATA_DIR: the second must leave at once without touching the folder, and a
 * server killed with SIGKILL must not keep the folder locked. Real processes, as a musician
 * double-clicking a start script twice would run them.
 */
import { spawn } from 'node:child_process';
import { readdir, stat, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '#scripts/lib/server-process.ts';

const root = join(import.meta.dirname, '../../..');
const dataDir = await mkdtemp(join(tmpdir(), 'songreq-lock-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Every file under `dir` with its size and modification time. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path);
    files[path] = `${info.size} ${info.mtimeMs}`;
  }
  return files;
}

/**
 * Runs the server's sources, expected not to start, until it exits; one that does start (answers
 * /api/health) is stopped and reported as started.
 */
async function runToExit(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let started = false;
  while (child.exitCode === null && child.signalCode === null) {
    started = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (started) {
      child.kill('SIGTERM');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { started, code: await exited, output };
}

async function register(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Lock Test', email, password: 'long enough 1' }),
  });
  expect(res.status).toBe(201);
}

describe('one server per data folder', () => {
  it('a second server on a DATA_DIR in use exits at once, naming the folder and the PID, and touches nothing', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
    const first = await startServerProcess(env, { timeoutMs: 120_000 });
    try {
      await register(first.url, 'lock-first@example.com');
      // Frozen, the first server writes nothing while the second runs, yet still holds the folder:
      // whatever changes in it, the second server changed.
      first.child.kill('SIGSTOP');
      const before = await snapshot(dataDir);
      const second = await runToExit(env);
      expect(await snapshot(dataDir)).toEqual(before);
      first.child.kill('SIGCONT');

      expect(second.started, second.output).toBe(false);
      expect(second.code, second.output).toBe(1);
      expect(second.output).toContain(`The data folder ${dataDir} is in use`);
      expect(second.output).toContain(`PID ${first.child.pid}`);
      // A sentence, not a stack trace of the lock's internals.
      expect(second.output).not.toMatch(/^\s+at /m);

      // Killed outright, the first server leaves no lock behind: the next start opens the folder
      // and finds what the first one stored.
      first.child.kill('SIGKILL');
      await first.stop();
      const third = await startServerProcess(env, { timeoutMs: 120_000 });
      try {
        const login = await fetch(`${third.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'lock-first@example.com', password: 'long enough 1' }),
        });
        expect(login.status).toBe(200);
      } finally {
        expect(await third.stop()).toBe(0);
      }
    } finally {
      first.child.kill('SIGCONT');
      await first.stop();
    }
  }, 300_000);
});
