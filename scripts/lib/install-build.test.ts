import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installBuild } from './install-build.ts';

const root = await mkdtemp(join(tmpdir(), 'songreq-install-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function build(dir: string, files: Record<string, string>): Promise<string> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

async function listing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return (
    entries
      // Everything, dotfiles included: the server serves whatever is in the folder.
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
      .sort()
  );
}

describe('installBuild', () => {
  it("replaces the pages, keeps the previous build's assets for open pages, and drops older ones", async () => {
    const dist = join(root, 'dist');
    await installBuild(
      await build(join(root, 'one'), { 'index.html': 'one', 'assets/a-1.js': '1' }),
      dist,
    );
    await installBuild(
      await build(join(root, 'two'), { 'index.html': 'two', 'assets/a-2.js': '2' }),
      dist,
    );
    // A phone that loaded the first index.html still finds its chunk.
    expect(await listing(dist)).toEqual(['assets/a-1.js', 'assets/a-2.js', 'index.html']);
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('two');

    await installBuild(
      await build(join(root, 'three'), { 'index.html': 'three', 'assets/a-3.js': '3' }),
      dist,
    );
    expect(await listing(dist)).toEqual(['assets/a-2.js', 'assets/a-3.js', 'index.html']);
    expect(await readdir(root)).not.toContain('three');
  });

  it('keeps what a build made before this way of installing left, once', async () => {
    const dist = await build(join(root, 'old-dist'), { 'index.html': 'old', 'assets/o.js': 'o' });
    await installBuild(await build(join(root, 'new'), { 'index.html': 'new' }), dist);
    expect(await listing(dist)).toEqual(['assets/o.js', 'index.html']);
    await installBuild(await build(join(root, 'newer'), { 'index.html': 'newer' }), dist);
    expect(await listing(dist)).toEqual(['index.html']);
  });
});
