import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { DesignSettings, DesignSettingsUpdateBody } from '#shared/schemas/audience.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

/**
 * Two images of 2 MB each, base64 in JSON (4/3 of their size), with room for the rest. The
 * app-wide limit of 1 MB stays for every other route.
 */
const DESIGN_BODY_LIMIT = 6 * 1024 * 1024;

/** A body over the limit can only be an image too large: say so in the spec's words. */
function bodyTooLarge(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ detail: messages.imageTooLarge });
  }
  // Anything else goes on to the app's error handler.
  throw error;
}

export const designRoutes: FastifyPluginAsyncZod = async (app) => {
  const { design } = app.services;
  app.addHook('onRequest', app.requireMusician);

  app.get(
    '/design/settings',
    { schema: { response: responses({ 200: DesignSettings }) } },
    async (request) => design.get(sessionOf(request).musicianId),
  );

  app.put(
    '/design/settings',
    {
      bodyLimit: DESIGN_BODY_LIMIT,
      errorHandler: bodyTooLarge,
      schema: { body: DesignSettingsUpdateBody, response: responses({ 200: DesignSettings }) },
    },
    async (request) => design.update(sessionOf(request).musicianId, request.body),
  );
};
