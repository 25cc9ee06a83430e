/// <reference types="node" />
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './src/sw/service-worker-plugin.ts';

const clientDir = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://localhost:3000';

/**
 * The audience page's own HTML entry: the server answers /musician/:slug with it, and a show's
 * setlist, /musician/:slug/shows/:showId, which the page shows too.
 */
const AUDIENCE_ROUTE = /^\/musician\/[^/?#]+(?:\/shows\/[^/?#]+)?\/?(?:[?#].*)?$/;
/** The stream overlay's own entry: the server answers /overlay/:slug with it. */
const OVERLAY_ROUTE = /^\/overlay\/[^/?#]+\/?(?:[?#].*)?$/;
/** The venue screen's own entry: the server answers /screen/:slug with it. */
const SCREEN_ROUTE = /^\/screen\/[^/?#]+\/?(?:[?#].*)?$/;

const REACT_CHUNK = /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;

/** What is worth compressing: text. Images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|xml|txt|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, maximum quality) and `<file>.gz` (gzip -9) next to every text file of
 * the build, once: the server sends them as they are (@fastify/static `preCompressed`), so a phone
 * gets the smallest bytes without the server compressing anything per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'song-requests:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const source = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

/**
 * In development, /musician/:slug and /overlay/:slug get their own entries too, as the server
 * does in production.
 */
function audienceEntryInDev(): Plugin {
  return {
    name: 'song-requests:audience-entry-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && AUDIENCE_ROUTE.test(req.url)) req.url = '/audience.html';
        else if (req.url && OVERLAY_ROUTE.test(req.url)) req.url = '/overlay.html';
        else if (req.url && SCREEN_ROUTE.test(req.url)) req.url = '/screen.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root: clientDir,
  plugins: [react(), audienceEntryInDev(), ...serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the audience uses supports modulepreload: no polyfill chunk to fetch.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Four pages: the audience page, the stream overlay and the venue screen load only their own code (no
      // router, no dashboard), the musician's app (landing, dashboard, On Stage) splits by route
      // behind index.html.
      input: {
        main: join(clientDir, 'index.html'),
        audience: join(clientDir, 'audience.html'),
        overlay: join(clientDir, 'overlay.html'),
        screen: join(clientDir, 'screen.html'),
      },
      output: {
        codeSplitting: {
          // React and React DOM, which both pages load, in one chunk of their own: it changes only
          // when React does, so a returning phone keeps it cached across releases.
          groups: [{ name: 'react', test: REACT_CHUNK }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/socket.io': { target: apiServer, ws: true },
    },
  },
});
