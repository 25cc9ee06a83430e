import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/test-database.ts';

const root = join(import.meta.dirname, '../..');
const dataDir = await mkdtemp(join(tmpdir(), 'songreq-main-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function runMainUntilHealthy(env: Record<string, string>, expectedDatabase: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  await expect
    .poll(
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        return res?.ok
          ? ((await res.json()) as { database: { kind: string } }).database.kind
          : res?.status;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(expectedDatabase);

  child.kill('SIGTERM');
  expect(await exited, output).toBe(0);
  expect(output).toContain('shutting down');
}

describe('server/src/main.ts', () => {
  it('starts from env alone on the embedded database and exits cleanly on SIGTERM', async () => {
    await runMainUntilHealthy({}, 'pglite');
  }, 45_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts on PostgreSQL when DATABASE_URL is set',
    async () => {
      const database = await createTestDatabase({ kind: 'postgres' });
      try {
        if (database.options.kind !== 'postgres')
          throw new Error('expected a PostgreSQL test database');
        await runMainUntilHealthy({ DATABASE_URL: database.options.url }, 'postgres');
      } finally {
        await database.drop();
      }
    },
    45_000,
  );
});
