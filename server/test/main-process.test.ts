import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '#scripts/lib/server-process.ts';
import { createTestDatabase } from './helpers/test-database.ts';
import { connectDevice } from './helpers/test-device.ts';
import { has } from '#server-test/helpers/requirements.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'songreq-main-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function startStopChecked(env: Record<string, string>, expectedDatabase: string) {
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', ...env });
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
    database: { kind: string };
  };
  expect(health.database.kind).toBe(expectedDatabase);
  // On PostgreSQL it sent itself audience requests before it listened (request-path-warm-up.ts),
  // every one filed, and said so in one line where there would have been two a request.
  const warmedUp = server.output().match(/.*request path warmed up.*/g) ?? [];
  if (expectedDatabase === 'postgres') {
    expect(warmedUp).toHaveLength(1);
    expect(JSON.parse(warmedUp[0]!)).toMatchObject({ requests: 120, filed: 120 });
    expect(server.output()).not.toContain('/api/requests');
  } else {
    expect(warmedUp).toEqual([]);
  }

  // A connected device must not hold the shutdown up, and must be told it may reconnect.
  const register = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Shutdown Test',
      email: `stop-${Date.now()}@example.com`,
      password: 'long enough 1',
    }),
  });
  const { token } = (await register.json()) as { token: string };
  const device = await connectDevice(server.url, token);
  device.socket.io.opts.reconnection = false;
  const reason = new Promise<string>((resolve) => device.socket.once('disconnect', resolve));

  expect(await server.stop(), server.output()).toBe(0);
  expect(server.output()).toContain('shutting down');
  expect(await reason).toBe('transport close');
}

/** Runs the server's sources with `env` until it exits (it is expected not to start). */
async function runToExit(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: join(import.meta.dirname, '../..'),
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('server/src/main.ts', () => {
  it('says in one sentence why it could not start when a setting is wrong', async () => {
    const { code, output } = await runToExit({ RATE_LIMIT_AUTH_PER_MINUTE: 'lots' });
    expect(code).toBe(1);
    expect(output).toBe(
      'Song Requests could not start: RATE_LIMIT_AUTH_PER_MINUTE must be a positive whole number, got "lots"\n',
    );
  });

  it('starts from env alone on the embedded database and exits cleanly on SIGTERM', async () => {
    await startStopChecked({}, 'sqlite');
  });

  it.runIf(has.postgres)(
    'starts on PostgreSQL when DATABASE_URL is set',
    async () => {
      const database = await createTestDatabase({ kind: 'postgres' });
      try {
        if (database.options.kind !== 'postgres')
          throw new Error('expected a PostgreSQL test database');
        await startStopChecked({ DATABASE_URL: database.options.url }, 'postgres');
      } finally {
        await database.drop();
      }
    },
    45_000,
  );
});
