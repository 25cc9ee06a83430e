/**
 * A fingerprint of what a build is made from, so `npm start` builds only when something changed:
 * a second start from the same checkout must not rewrite the files a running server loads.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Folders never read: outputs, dependencies, and what tools leave behind. */
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

async function filesOf(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const files: string[] = [];
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    files.push(...(await filesOf(join(path, entry.name))));
  }
  return files;
}

/** A short hash of the names and contents of every file under `paths` (relative to `root`). */
export async function buildInputsHash(root: string, paths: string[]): Promise<string> {
  const files = (await Promise.all(paths.map((path) => filesOf(join(root, path))))).flat();
  const hash = createHash('sha256');
  for (const file of files.map((f) => relative(root, f).replaceAll('\\', '/')).sort()) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
