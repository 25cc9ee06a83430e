import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '#shared/schemas/common.ts';
import { SlugParams } from '#shared/schemas/musician.ts';
import {
  PublicQueueResponse,
  VenueScreenResponse,
  VoteBody,
  VoteResponse,
} from '#shared/schemas/public-queue.ts';
import { crowdAnswerOf, pushVersionOf, sendCrowdAnswer } from '#server/http/crowd-answer.ts';
import { idempotencyKeyOf } from '#server/http/idempotency.ts';
import { publicUrlFor, type PublicUrlOptions } from '#server/http/public-url.ts';
import { responses } from '#server/http/responses.ts';
import { proofPayloadOf } from '#server/proof-of-work/proof-header.ts';
import { deviceIdOf, timeZoneOf } from '#server/submissions/requester.ts';

/**
 * The venue screen's data and the queue in the open (issue 22 §5, §6): public, no token. The
 * response schemas keep the public fields only (first names, no email, no surname).
 */
export const publicQueueRoutes: FastifyPluginAsyncZod<PublicUrlOptions> = async (app, options) => {
  const { publicQueue, publicQueues } = app.services;
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
    // Every phone with the Queue view open refetches on a `queue` push, naming its version: one
    // read per process serves them all (public-queue-cache.ts), and a phone whose copy is current
    // gets a 304.
    async (request, reply) => {
      const { slug } = request.params;
      const answer = await publicQueues.answer(
        slug.trim().toLowerCase(),
        async () => {
          const { musicianId, queue } = await publicQueue.queue(slug);
          return { musicianId, value: crowdAnswerOf(reply.serialize(queue) as string) };
        },
        pushVersionOf(request),
      );
      return sendCrowdAnswer(request, reply, answer);
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
        proof: proofPayloadOf(request),
      }),
  );
};
