import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_PAGES, AUDIENCE_PAGE, SHOW_RECAP_PAGE } from '#shared/app-pages.ts';

/** The musician's app (spec section 2); each is answered with index.html, its router decides. */
const APP_ROUTES = Object.values(APP_PAGES);
/** The audience page has its own entry, which loads only its own code (no router, no dashboard). */
const AUDIENCE_ROUTE = AUDIENCE_PAGE;
/** The stream overlay (a browser source in OBS) has its own entry too. */
const OVERLAY_ROUTE = '/overlay/:slug';
/** The venue screen (a TV or projector at the gig) has its own lean entry too. */
const SCREEN_ROUTE = '/screen/:slug';
const APP_HTML = 'index.html';
const AUDIENCE_HTML = 'audience.html';
const OVERLAY_HTML = 'overlay.html';
const SCREEN_HTML = 'screen.html';

/**
 * Serves the built client from the same origin as the API. The build writes a brotli and a gzip
 * copy next to every text file (client/vite.config.ts): `preCompressed` sends the one the browser
 * accepts, with its Content-Encoding and `Vary: Accept-Encoding`, the HTML pages included.
 */
export async function clientPlugin(
  app: FastifyInstance,
  options: { clientDir: string | undefined },
) {
  const { clientDir } = options;
  if (!clientDir || !existsSync(join(clientDir, APP_HTML))) {
    app.log.warn({ clientDir }, 'client build not found: serving the API only (run npm run build)');
    return;
  }
  // A build from before the audience page had its own entry still serves it through the app.
  const audienceHtml = existsSync(join(clientDir, AUDIENCE_HTML)) ? AUDIENCE_HTML : APP_HTML;

  await app.register(fastifyStatic, {
    root: clientDir,
    // Looks each file up when asked rather than listing the build once at start: a rebuild while
    // the server runs (a deploy, or `npm run build` beside a running test server) serves the new
    // index.html and its new chunks alike, instead of HTML whose scripts answer 404.
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      // Vite puts a content hash in every asset name, so those never change.
      const hashed = path.startsWith(join(clientDir, 'assets'));
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendHtml = (file: string) => (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile(file);
  for (const url of APP_ROUTES) app.get(url, sendHtml(APP_HTML));
  if (existsSync(join(clientDir, OVERLAY_HTML))) app.get(OVERLAY_ROUTE, sendHtml(OVERLAY_HTML));
  if (existsSync(join(clientDir, SCREEN_HTML))) app.get(SCREEN_ROUTE, sendHtml(SCREEN_HTML));
  // Any other address a person opens (/nope, /dashboard/extra) gets the app with a 404 status:
  // its router shows the "page not found" screen with a way home. Read on each visit, like the
  // files above, so a rebuild is served at once; the error handler's 404 is not in this plugin's
  // context, so it sends the file itself rather than through sendFile.
  app.pageNotFound.send = async (reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(join(clientDir, APP_HTML)));
  // A show's setlist is a view of the audience page's entry (its API answers 404 when not shared).
  app.get(SHOW_RECAP_PAGE, sendHtml(audienceHtml));
  // A printed QR code of an old slug opens the page under the musician's current one.
  app.get(AUDIENCE_ROUTE, async (request: FastifyRequest<{ Params: { slug: string } }>, reply) => {
    const current = await app.services.audience.movedTo(request.params.slug);
    if (!current) return sendHtml(audienceHtml)(request, reply);
    const queryAt = request.url.indexOf('?');
    const query = queryAt === -1 ? '' : request.url.slice(queryAt);
    return reply.code(308).header('location', `/musician/${current}${query}`).send();
  });
}
