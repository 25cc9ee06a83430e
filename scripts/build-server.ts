/**
 * Builds the server into server/dist/main.js (with the song file thread's program beside it, and
 * chunks of what they load on demand or share), as `npm start` and the Dockerfile run it.
 *
 * Why bundle a Node server: started from its sources, Node strips the types of some 200 files
 * and resolves about a thousand modules, and each resolution inside a package with a large
 * `exports` map (drizzle-orm's is 179 KB) parses that map again. That start-up garbage used to
 * leave the process 150 MB larger than it needed to be. One pre-built file starts faster and
 * smaller. Tests still run the sources.
 *
 * Never under a running server: each build goes into a folder of its own named after its inputs,
 * server/dist/build-<hash>/, and server/dist/main.js, a one-line file replaced in one rename,
 * points at the current one. Unchanged sources build nothing (a second `npm start` from the same
 * checkout used to delete and rewrite the files the first server loads its chunks from); changed
 * ones build beside the folders running servers use, and the two builds before the current one
 * are kept for them.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildInputsHash } from './lib/build-inputs.ts';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'server', 'dist');
const BUILD_PREFIX = 'build-';
/** Builds kept besides the current one, for servers started from them that still run. */
const KEEP_PREVIOUS = 2;

const inputs = await buildInputsHash(root, [
  'server/src',
  'shared/src',
  'package-lock.json',
  'scripts/build-server.ts',
  'scripts/lib/build-inputs.ts',
]);
const name = `${BUILD_PREFIX}${inputs}`;
const outdir = join(dist, name);

if (existsSync(join(outdir, 'main.js'))) {
  console.log(`server/dist is up to date (${name})`);
} else {
  // Built aside and renamed into place whole: a folder named build-<hash> is always complete.
  const partial = join(dist, `.partial-${inputs}-${process.pid}`);
  await buildInto(partial);
  await rename(partial, outdir).catch(async (err: NodeJS.ErrnoException) => {
    // Another build of the same sources finished first: its folder is this one.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(join(outdir, 'main.js'))) throw err;
  });
  console.log(`server built into server/dist/${name}`);
}
// The entry `npm start` and the Dockerfile run; a server already started keeps its own build.
const main = join(dist, 'main.js');
const pointer = `// The current build (scripts/build-server.ts).\nimport './${name}/main.js';\n`;
if ((await readFile(main, 'utf8').catch(() => '')) !== pointer) {
  const entry = join(dist, `.main-${process.pid}.js`);
  await writeFile(entry, pointer);
  await rename(entry, main);
}
await removeOldBuilds(name);

async function removeOldBuilds(current: string): Promise<void> {
  const entries = await readdir(dist, { withFileTypes: true });
  const builds = await Promise.all(
    entries
      .filter((e) => e.isDirectory() && e.name.startsWith(BUILD_PREFIX) && e.name !== current)
      .map(async (e) => ({ name: e.name, mtime: (await stat(join(dist, e.name))).mtimeMs })),
  );
  builds.sort((a, b) => b.mtime - a.mtime);
  const old = builds.slice(KEEP_PREVIOUS).map((b) => b.name);
  // Files of the layout before build folders (everything at the top of server/dist).
  const flat = entries
    .filter(
      (e) => e.name !== 'main.js' && !e.name.startsWith(BUILD_PREFIX) && !e.name.startsWith('.'),
    )
    .map((e) => e.name);
  await Promise.all(
    [...old, ...flat].map((file) => rm(join(dist, file), { recursive: true, force: true })),
  );
}

async function buildInto(outdir: string): Promise<void> {
  await build({
    entryPoints: [
      join(root, 'server', 'src', 'main.ts'),
      // A worker's program, which song-file-reader.ts finds beside the module that starts it.
      join(root, 'server', 'src', 'features', 'song-import', 'song-file-thread.ts'),
    ],
    outdir,
    entryNames: '[name]',
    bundle: true,
    // What the server imports only when it needs it goes into chunks: PGlite, which only the
    // one-time import of an old data folder loads (db/pglite-import/), would otherwise be
    // imported at every start, 7-8 MB resident for nothing.
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    // V8 keeps a script's source in memory for as long as it runs: a smaller one (names kept, so
    // stack traces and logs still read) in ASCII, which V8 stores one byte a character.
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    // Licence comments go to main.js.LEGAL.txt beside it (one holds a non-ASCII name).
    legalComments: 'external',
    // Lines of at most 500 characters: Node prints the source line of an uncaught error, and a
    // whitespace-minified bundle is otherwise a few lines of hundreds of KB each.
    lineLimit: 500,
    // Packages that read files beside their own code (WebAssembly, native addons, font metrics)
    // stay in node_modules, where those files are.
    external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pdfkit'],
    // Some bundled CommonJS packages call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
