import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { IdParams, SuccessResponse } from '#shared/schemas/common.ts';
import { CreatedFeedToken, CreateFeedTokenBody, FeedTokenList } from '#shared/schemas/feed.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

/** Feed tokens: made, listed and revoked by the musician (never by a stage device). */
export const feedTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feedTokens } = app.services;
  const musicianOnly = { onRequest: app.requireMusician };

  app.post(
    '/feed-tokens',
    {
      ...musicianOnly,
      schema: { body: CreateFeedTokenBody, response: responses({ 201: CreatedFeedToken }) },
    },
    async (request, reply) => {
      const created = await feedTokens.create(sessionOf(request).musicianId, request.body);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/feed-tokens',
    { ...musicianOnly, schema: { response: responses({ 200: FeedTokenList }) } },
    async (request) => ({ tokens: await feedTokens.list(sessionOf(request).musicianId) }),
  );

  app.delete(
    '/feed-tokens/:id',
    {
      ...musicianOnly,
      schema: { params: IdParams, response: responses({ 200: SuccessResponse }) },
    },
    async (request) => {
      await feedTokens.revoke(sessionOf(request).musicianId, request.params.id);
      return { success: true, message: messages.feedTokenRevoked };
    },
  );
};
