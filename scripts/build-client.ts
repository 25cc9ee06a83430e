/**
 * Builds the client into client/dist, unless what it is built from has not changed since the
 * last build there. `npm start` builds before it starts, and a vite build first empties
 * client/dist: a second start from the same checkout took away the files a running server was
 * serving (the chunks pages already open load on demand, and for a while index.html itself).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildInputsHash } from './lib/build-inputs.ts';

const root = join(import.meta.dirname, '..');
// Written after a build succeeds; the next build's emptying of client/dist removes it first.
const marker = join(root, 'client', 'dist', '.build-inputs');

const inputs = await buildInputsHash(root, [
  'client',
  'shared/src',
  'package-lock.json',
  'scripts/build-client.ts',
  'scripts/lib/build-inputs.ts',
]);
const built = existsSync(marker) ? (await readFile(marker, 'utf8')).trim() : '';
if (built === inputs && existsSync(join(root, 'client', 'dist', 'index.html'))) {
  console.log(`client/dist is up to date (${inputs})`);
} else {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const { status } = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'client/vite.config.ts'],
    { cwd: root, stdio: 'inherit' },
  );
  if (status !== 0) process.exit(status ?? 1);
  await writeFile(marker, `${inputs}\n`);
}
