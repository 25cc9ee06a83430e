/**
 * Builds the client into client/dist, unless what it is built from has not changed since the
 * last build there. `npm start` builds before it starts, and a vite build first empties its
 * folder: a second start from the same checkout took away the files a running server was serving
 * (the chunks pages already open load on demand, and for a while index.html itself). A build that
 * is needed goes into a folder of its own and is then moved in beside the previous one
 * (lib/install-build.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildInputsHash } from './lib/build-inputs.ts';
import { installBuild } from './lib/install-build.ts';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'client', 'dist');
// What the build in client/dist was made from, written once it is all in place: beside the
// folder, not in it, where the server would serve it.
const marker = join(root, 'client', '.dist-inputs');

const inputs = await buildInputsHash(root, [
  'client',
  'shared/src',
  'package-lock.json',
  'scripts/build-client.ts',
  'scripts/lib/build-inputs.ts',
  'scripts/lib/install-build.ts',
]);
const built = existsSync(marker) ? (await readFile(marker, 'utf8')).trim() : '';
if (built === inputs && existsSync(join(dist, 'index.html'))) {
  console.log(`client/dist is up to date (${inputs})`);
} else {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const next = join(root, 'client', `.next-build-${process.pid}`);
  const { status } = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'client/vite.config.ts', '--outDir', next, '--emptyOutDir'],
    // Always a production build: Vite honours a NODE_ENV already set, and under a test runner
    // (NODE_ENV=test) it built React's development bundle, with no service worker registered.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (status !== 0) {
    await rm(next, { recursive: true, force: true });
    process.exit(status ?? 1);
  }
  await rm(marker, { force: true });
  await installBuild(next, dist);
  await writeFile(marker, `${inputs}\n`);
  console.log('client built into client/dist');
}
