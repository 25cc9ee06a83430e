/**
 * Puts a finished client build in place of the one a running server serves, without a moment in
 * which a page's files are missing: the files of the new build are moved in one by one (each
 * rename replaces a file whole), its pages last, so a page never names an asset not there yet;
 * then files of older builds are removed, except the previous build's, which pages already open
 * on phones still load on demand.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';

/**
 * The list of the installed build's files, kept for the next install: beside `dist`, not in it,
 * where the server would serve it.
 */
export const buildFilesList = (dist: string) =>
  join(dirname(dist), `.${basename(dist)}-files.json`);

/** What names the build's other files: moved in after them. */
const PAGE = /^(?:[^/]+\.html|sw\.js|manifest\.webmanifest)(?:\.br|\.gz)?$/;

async function filesOf(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .filter((file) => !file.startsWith('.'));
}

/** Moves the build in `next` into `dist` (see above); `next` is gone afterwards. */
export async function installBuild(next: string, dist: string): Promise<void> {
  const listed = buildFilesList(dist);
  // Without a list (the first install in a checkout), everything there counts as the previous build.
  const previous = new Set<string>(
    existsSync(listed)
      ? (JSON.parse(await readFile(listed, 'utf8')) as string[])
      : await filesOf(dist),
  );
  const files = await filesOf(next);
  const ordered = [...files.filter((f) => !PAGE.test(f)), ...files.filter((f) => PAGE.test(f))];
  for (const file of ordered) {
    await mkdir(dirname(join(dist, file)), { recursive: true });
    await rename(join(next, file), join(dist, file));
  }
  const current = new Set(files);
  for (const file of await filesOf(dist)) {
    if (!current.has(file) && !previous.has(file)) await rm(join(dist, file), { force: true });
  }
  await writeFile(`${listed}.${process.pid}`, JSON.stringify(files));
  await rename(`${listed}.${process.pid}`, listed);
  await rm(next, { recursive: true, force: true });
}
