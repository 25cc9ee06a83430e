import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { IdParams, SuccessResponse } from '#shared/schemas/common.ts';
import {
  CreatedSuggestion,
  CreateSuggestionBody,
  Suggestion,
  SuggestionListResponse,
  SuggestionStatusBody,
} from '#shared/schemas/suggestion.ts';
import { idempotencyKeyOf } from '#server/http/idempotency.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';
import { proofPayloadOf } from '#server/proof-of-work/proof-header.ts';
import { deviceIdOf } from '#server/submissions/requester.ts';

export const suggestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { suggestions } = app.services;
  const musicianOnly = { onRequest: app.requireMusician };
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).musicianId;

  app.post(
    '/song-suggestions',
    {
      config: { rateLimit: app.publicWriteRateLimit },
      schema: { body: CreateSuggestionBody, response: responses({ 201: CreatedSuggestion }) },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await suggestions.create(
            request.body,
            idempotencyKeyOf(request),
            deviceIdOf(request),
            request.ip,
            { payload: proofPayloadOf(request) },
          ),
        ),
  );

  app.get(
    '/song-suggestions',
    { ...musicianOnly, schema: { response: responses({ 200: SuggestionListResponse }) } },
    (request) => suggestions.list(me(request)),
  );

  app.put(
    '/song-suggestions/:id/status',
    {
      ...musicianOnly,
      schema: {
        params: IdParams,
        body: SuggestionStatusBody,
        response: responses({ 200: Suggestion }),
      },
    },
    (request) => suggestions.decide(me(request), request.params.id, request.body),
  );

  app.delete(
    '/song-suggestions/:id',
    {
      ...musicianOnly,
      schema: { params: IdParams, response: responses({ 200: SuccessResponse }) },
    },
    async (request) => {
      await suggestions.delete(me(request), request.params.id);
      return { success: true, message: messages.suggestionDeleted };
    },
  );
};
