import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { APP_PAGES, pageAddress } from '#shared/app-pages.ts';
import { messages } from '#shared/messages.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '#server/plugins/compression.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const APP_HTML = '<!doctype html><title>app</title><script src="/assets/main-1a2b3c.js"></script>';
const AUDIENCE_HTML =
  '<!doctype html><title>audience</title><script src="/assets/audience-4d5e6f.js"></script>';
const SCREEN_HTML =
  '<!doctype html><title>screen</title><script src="/assets/screen-7g8h9i.js"></script>';
const AUDIENCE_JS = `export const songs = [${'"a song title", '.repeat(200)}];\n`;

/** A client build as `npm run build` lays it out: each text file with its .br and .gz beside it. */
async function fakeClientBuild(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'client-serving-'));
  cleanUpLater(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(dir, name), text);
    await writeFile(join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

const clientDir = await fakeClientBuild({
  'index.html': APP_HTML,
  'audience.html': AUDIENCE_HTML,
  'screen.html': SCREEN_HTML,
  'assets/audience-4d5e6f.js': AUDIENCE_JS,
});
const { app } = await startTestApp({ clientDir });

const get = (target: FastifyInstance, url: string, acceptEncoding?: string) =>
  target.inject({
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

/** The body as the browser reads it, after undoing the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.body;
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the built client', () => {
  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
  ])(
    'sends the precompressed %s copy of an asset to a browser that accepts it',
    async (encoding, accept) => {
      const res = await get(app, '/assets/audience-4d5e6f.js', accept);

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(varies(res)).toBe(true);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.rawPayload.length).toBeLessThan(AUDIENCE_JS.length);
      expect(decoded(res)).toBe(AUDIENCE_JS);
    },
  );

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
  ])('sends the asset as it is with %s', async (_label, accept) => {
    const res = await get(app, '/assets/audience-4d5e6f.js', accept);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res)).toBe(true);
    expect(res.body).toBe(AUDIENCE_JS);
  });

  it('lets browsers keep hashed assets for good, and asks again for the HTML', async () => {
    const asset = await get(app, '/assets/audience-4d5e6f.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/', '/musician/some-band']) {
      const page = await get(app, url, 'br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers /musician/{slug} with the audience page, compressed', async () => {
    const res = await get(app, '/musician/some-band', 'gzip, deflate, br');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res)).toBe(true);
    expect(decoded(res)).toBe(AUDIENCE_HTML);
    expect((await get(app, '/musician/some-band')).body).toBe(AUDIENCE_HTML);
  });

  it("answers a show's setlist, /musician/{slug}/shows/{id}, with the audience page", async () => {
    const res = await get(app, '/musician/some-band/shows/0b6c1f2e-1d2c-4c55-9c4e-1f0c2a7b9e11');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(AUDIENCE_HTML);
  });

  it('answers /screen/{slug} with the venue screen, its own lean entry', async () => {
    const res = await get(app, '/screen/some-band', 'gzip');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(decoded(res)).toBe(SCREEN_HTML);
  });

  // Every page the app's router shows: a page missing here was served by the not-found handler,
  // working in the browser but answering 404 (/stage/pair did).
  it.each(Object.values(APP_PAGES).map((page) => pageAddress(page)))(
    'answers %s with the musician app',
    async (url) => {
      const res = await get(app, url, 'gzip');

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(decoded(res)).toBe(APP_HTML);
    },
  );

  it('serves the files of a rebuild made while the server runs', async () => {
    const chunk = 'export const later = true;\n';
    await writeFile(join(clientDir, 'assets', 'later-7a8b9c.js'), chunk);

    const res = await get(app, '/assets/later-7a8b9c.js', 'br');

    expect(res.statusCode).toBe(200);
    expect(decoded(res)).toBe(chunk);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(app, '/assets/never-built.js')).statusCode).toBe(404);
  });

  it('serves the audience page through the app for a build that has no audience entry', async () => {
    const oldBuild = await fakeClientBuild({ 'index.html': APP_HTML });
    const { app: oldApp } = await startTestApp({ clientDir: oldBuild });

    const res = await get(oldApp, '/musician/some-band', 'br');

    expect(res.statusCode).toBe(200);
    expect(decoded(res)).toBe(APP_HTML);
  });
});

describe('addresses nobody serves', () => {
  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  const visit = (target: FastifyInstance, url: string, method: 'GET' | 'HEAD' = 'GET') =>
    target.inject({ method, url, headers: { accept: BROWSER_ACCEPT } });

  it.each(['/nope', '/dashboard/extra', '/musician/some-band/extra', '/on-stage/a/b', '/nope?x=1'])(
    'answers a browser opening %s with the app and a 404, so it shows its "not found" page',
    async (url) => {
      const res = await visit(app, url);

      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(APP_HTML);
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    const res = await visit(app, '/nope', 'HEAD');

    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('keeps the audience entry and the known pages as they are', async () => {
    const audience = await visit(app, '/musician/some-band');
    expect(audience.statusCode).toBe(200);
    expect(audience.body).toBe(AUDIENCE_HTML);
    const dashboard = await visit(app, '/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toBe(APP_HTML);
  });

  it.each(['/api/nope', '/api', '/api/songs/extra/deep'])(
    'answers %s, an API address, with JSON even to a browser',
    async (url) => {
      const res = await visit(app, url);

      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: messages.notFoundRoute });
    },
  );

  it.each(['/assets/nope.js', '/nope.png', '/favicon-old.ico'])(
    'answers a missing file %s with a plain 404, never the app',
    async (url) => {
      for (const res of [await visit(app, url), await get(app, url)]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('<!doctype html>');
      }
    },
  );

  it('answers a script or fetch that does not ask for HTML with JSON', async () => {
    const res = await app.inject({ url: '/nope', headers: { accept: '*/*' } });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.notFoundRoute });
  });

  it('answers a POST to an unknown address with JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/nope',
      headers: { accept: BROWSER_ACCEPT },
    });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.notFoundRoute });
  });

  it('answers with JSON when there is no client build', async () => {
    const { app: apiOnly } = await startTestApp({ clientDir: undefined });

    const res = await visit(apiOnly, '/nope');

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.notFoundRoute });
  });
});

describe('API answers', () => {
  it('compresses JSON above the threshold, brotli first and gzip for the rest', async () => {
    const musician = await registerMusician(app);
    for (let i = 1; i <= 12; i++) {
      await createSong(app, musician, { title: `Song number ${i}`, artist: `Artist ${i}` });
    }
    const url = `/api/musicians/${musician.musician.slug}/songs`;

    const plain = await get(app, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await get(app, url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(varies(res)).toBe(true);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
  });

  it('sends small JSON as it is', async () => {
    const res = await get(app, '/api/health', 'gzip, deflate, br');

    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTypeOf('object');
  });

  it('still sends the CSV download whole, as an attachment', async () => {
    const plain = await get(app, '/api/demo-csv');
    const res = await get(app, '/api/demo-csv', 'gzip, deflate, br');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="demo-songs.csv"');
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(plain.body);
    expect(plain.body.split('\n').length).toBeGreaterThan(2);
  });

  it('keeps error answers readable', async () => {
    const res = await get(app, '/api/musicians/no-such-band-anywhere', 'gzip, deflate, br');

    expect(res.statusCode).toBe(404);
    expect(JSON.parse(decoded(res))).toHaveProperty('detail');
  });
});
