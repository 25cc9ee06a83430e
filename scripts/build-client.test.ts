/**
 * `npm start` builds the client before it starts: a second start from the same checkout must not
 * empty client/dist under a running server that serves it.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fileIdentities } from './lib/file-identities.ts';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'client', 'dist');

const buildClient = async () =>
  (await promisify(execFile)(process.execPath, ['scripts/build-client.ts'], { cwd: root })).stdout;

const snapshot = () => fileIdentities(dist);

describe('scripts/build-client.ts', () => {
  it('leaves client/dist as it is when nothing it is built from has changed', async () => {
    await buildClient();
    const before = await snapshot();
    expect(before[join(dist, 'index.html')]).toBeDefined();
    expect(await buildClient()).toMatch(/^client\/dist is up to date \([0-9a-f]{16}\)$/m);
    expect(await snapshot()).toEqual(before);
  }, 300_000);

  it('builds for production even when run with another NODE_ENV, as under this test runner', async () => {
    await buildClient();
    // The chunks the pages load now (older builds' chunks stay beside them for open pages).
    const pages = ['index.html', 'audience.html', 'overlay.html'];
    const html = (
      await Promise.all(pages.map((page) => readFile(join(dist, page), 'utf8')))
    ).join();
    const chunks = new Set(html.match(/assets\/[\w-]+\.js/g));
    expect(chunks.size).toBeGreaterThan(2);
    for (const chunk of chunks) {
      // Only React's development bundle mentions its DevTools; such a build registers no worker.
      expect(await readFile(join(dist, chunk), 'utf8')).not.toContain('React DevTools');
    }
  }, 300_000);
});
