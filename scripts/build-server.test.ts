/**
 * `npm start` builds before it starts: a second start from the same checkout must not rewrite
 * the files a running server loads (it used to delete server/dist and build it again).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { fileIdentities } from './lib/file-identities.ts';
import { startServerProcess } from './lib/server-process.ts';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'server', 'dist');
const dataDir = await mkdtemp(join(tmpdir(), 'songreq-build-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const buildServer = async () =>
  (await promisify(execFile)(process.execPath, ['scripts/build-server.ts'], { cwd: root })).stdout;

const snapshot = () => fileIdentities(dist);

describe('scripts/build-server.ts', () => {
  it('leaves the build a running server uses as it is when the sources have not changed', async () => {
    await buildServer();
    const server = await startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      { built: true, timeoutMs: 120_000 },
    );
    try {
      const before = await snapshot();
      expect(await buildServer()).toMatch(/^server\/dist is up to date \(build-[0-9a-f]{16}\)$/m);
      expect(await snapshot()).toEqual(before);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 300_000);

  it('writes no line longer than a few KB, as Node prints the source line of an uncaught error', async () => {
    await buildServer();
    const current = /\.\/(build-[0-9a-f]+)\//.exec(
      await readFile(join(dist, 'main.js'), 'utf8'),
    )![1]!;
    const files = Object.keys(await snapshot()).filter(
      (path) => path.startsWith(join(dist, current)) && path.endsWith('.js'),
    );
    expect(files.length).toBeGreaterThan(3);
    for (const path of files) {
      const longest = Math.max(...(await readFile(path, 'utf8')).split('\n').map((l) => l.length));
      expect(longest, path).toBeLessThan(10_000);
    }
  }, 300_000);
});
