import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The client's routes (spec section 2); each is answered with the single-page app. */
const SPA_ROUTES = ['/', '/dashboard', '/profile', '/musician/:slug', '/on-stage/:slug'];

/** Serves the built client from the same origin as the API. */
export async function clientPlugin(
  app: FastifyInstance,
  options: { clientDir: string | undefined },
) {
  const { clientDir } = options;
  if (!clientDir || !existsSync(join(clientDir, 'index.html'))) {
    app.log.warn({ clientDir }, 'client build not found: serving the API only (run npm run build)');
    return;
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      // Vite puts a content hash in every asset name, so those never change.
      const hashed = path.startsWith(join(clientDir, 'assets'));
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendApp = (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  for (const url of SPA_ROUTES) app.get(url, sendApp);
}
