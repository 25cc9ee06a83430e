import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '#shared/schemas/common.ts';
import { SlugParams } from '#shared/schemas/musician.ts';
import {
  PublicQueueResponse,
  VenueScreenResponse,
  VoteBody,
  VoteResponse,
} from '#shared/schemas/public-queue.ts';
import { idempotencyKeyOf } from '#server/http/idempotency.ts';
import { publicUrlFor, type PublicUrlOptions } from '#server/http/public-url.ts';
import { responses } from '#server/http/responses.ts';
import { deviceIdOf, timeZoneOf } from '#server/submissions/requester.ts';

/**
 * The venue screen's data and the queue in the open (issue 22 §5, §6): public, no token. The
 * response schemas keep the public fields only (first names, no email, no surname).
 */
export const publicQueueRoutes: FastifyPluginAsyncZod<PublicUrlOptions> = async (app, options) => {
  const { publicQueue } = app.services;
  const publicRead = { config: { rateLimit: app.publicReadRateLimit } };

  app.get(
    '/musicians/:slug/screen',
    {
      ...publicRead,
      schema: { params: SlugParams, response: responses({ 200: VenueScreenResponse }) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return publicQueue.screen(request.params.slug, publicUrlFor(request, options));
    },
  );

  app.get(
    '/musicians/:slug/queue',
    {
      ...publicRead,
      schema: { params: SlugParams, response: responses({ 200: PublicQueueResponse }) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return publicQueue.queue(request.params.slug);
    },
  );

  app.post(
    '/requests/:id/vote',
    {
      config: { rateLimit: app.publicWriteRateLimit },
      schema: { params: IdParams, body: VoteBody, response: responses({ 200: VoteResponse }) },
    },
    async (request) =>
      publicQueue.vote(request.params.id, {
        ...request.body,
        idempotencyKey: idempotencyKeyOf(request),
        deviceId: deviceIdOf(request),
        address: request.ip,
        timeZone: timeZoneOf(request),
      }),
  );
};
