import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import {
  BlockedRequester,
  BlockedRequestersResponse,
  BlockRequesterBody,
} from '#shared/schemas/blocked-requester.ts';
import { IdParams, SuccessResponse } from '#shared/schemas/common.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

/** The musician's blocklist: only the musician (not a stage device) may read or change it. */
export const blocklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { blocklist } = app.services;
  const musicianOnly = { onRequest: app.requireMusician };
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).musicianId;

  app.post(
    '/blocked-requesters',
    {
      ...musicianOnly,
      schema: { body: BlockRequesterBody, response: responses({ 201: BlockedRequester }) },
    },
    async (request, reply) =>
      reply.code(201).send(await blocklist.block(me(request), request.body.request_id)),
  );

  app.get(
    '/blocked-requesters',
    { ...musicianOnly, schema: { response: responses({ 200: BlockedRequestersResponse }) } },
    async (request) => ({ blocked: await blocklist.list(me(request)) }),
  );

  app.delete(
    '/blocked-requesters/:id',
    {
      ...musicianOnly,
      schema: { params: IdParams, response: responses({ 200: SuccessResponse }) },
    },
    async (request) => {
      await blocklist.unblock(me(request), request.params.id);
      return { success: true, message: messages.requesterUnblocked };
    },
  );
};
