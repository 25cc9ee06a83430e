import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams } from '#shared/schemas/musician.ts';
import { responses } from '#server/http/responses.ts';
import { WebManifest } from './web-manifest-schema.ts';

const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/**
 * The audience page's web app manifest, per musician (client/src/lib/service-worker.ts links it
 * from /musician/{slug}). Public, like the page. The musician's own app has a static manifest
 * (client/public/manifest.webmanifest).
 */
export const webManifestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webManifest } = app.services;

  app.get(
    '/musicians/:slug/manifest.webmanifest',
    {
      config: { rateLimit: app.publicReadRateLimit },
      schema: { params: SlugParams, response: responses({ 200: WebManifest }) },
    },
    async (request, reply) => {
      const answer = await webManifest.forAudiencePage(request.params.slug);
      if ('movedTo' in answer) {
        const to = `/api/musicians/${encodeURIComponent(answer.movedTo)}/manifest.webmanifest`;
        return reply.redirect(to, 308);
      }
      // A renamed musician shows under the new name the next time the browser checks.
      return reply.header('cache-control', 'no-cache').type(MANIFEST_TYPE).send(answer.manifest);
    },
  );

  // The venue screen's (client/src/screen-main.tsx links it from /screen/{slug}).
  app.get(
    '/musicians/:slug/screen.webmanifest',
    {
      config: { rateLimit: app.publicReadRateLimit },
      schema: { params: SlugParams, response: responses({ 200: WebManifest }) },
    },
    async (request, reply) => {
      const manifest = await webManifest.forVenueScreen(request.params.slug);
      return reply.header('cache-control', 'no-cache').type(MANIFEST_TYPE).send(manifest);
    },
  );
};
