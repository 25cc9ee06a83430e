/**
 * Builds the server into server/dist/main.js (with its database's thread and creator, and chunks
 * of what they load on demand or share), as `npm start` and the Dockerfile run it.
 *
 * Why bundle a Node server: started from its sources, Node strips the types of some 200 files
 * and resolves about a thousand modules, and each resolution inside a package with a large
 * `exports` map (drizzle-orm's is 179 KB) parses that map again. That start-up garbage used to
 * leave the process 150 MB larger than it needed to be. One pre-built file starts faster and
 * smaller. Tests still run the sources.
 */
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'server', 'dist');

await rm(outdir, { recursive: true, force: true });
await build({
  // The server, and the embedded database's thread and creator (db/pglite-thread.ts starts
  // them by name).
  entryPoints: [
    join(root, 'server', 'src', 'main.ts'),
    join(root, 'server', 'src', 'db', 'pglite-worker.ts'),
    join(root, 'server', 'src', 'db', 'pglite-create.ts'),
  ],
  outdir,
  entryNames: '[name]',
  bundle: true,
  // Code shared by the entries, and what the server imports only when it needs it (PGlite and
  // its drizzle driver, which an in-memory database alone runs on the main thread), go into
  // chunks: without splitting, PGlite's package would be imported at start-up, 7-8 MB resident
  // on PostgreSQL and on the embedded server's main thread alike.
  splitting: true,
  // Beside the entries: modules that find files from their own place (migrations-folder.ts,
  // pglite-thread.ts) must sit in the same folder as main.js.
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
  // Packages that read files beside their own code (WebAssembly, native addons, font metrics)
  // stay in node_modules, where those files are.
  external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pdfkit'],
  // Some bundled CommonJS packages call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);",
  },
  logLevel: 'warning',
});
// The migrations are read at start-up from beside the code (db/database.ts).
await cp(join(root, 'server', 'src', 'db', 'migrations'), join(outdir, 'migrations'), {
  recursive: true,
});
console.log('server built into server/dist');
