import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { SuccessResponse } from '#shared/schemas/common.ts';
import { ContactBody } from '#shared/schemas/contact.ts';
import { responses } from '#server/http/responses.ts';
import { bearerToken } from '#server/http/session.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact, auth } = app.services;

  app.post(
    '/contact',
    {
      config: { rateLimit: app.publicWriteRateLimit },
      schema: { body: ContactBody, response: responses({ 201: SuccessResponse }) },
    },
    async (request, reply) => {
      // Anyone may write; a signed-in musician's message is linked to their own account only,
      // whatever musician_id the body claims.
      const token = bearerToken(request.headers.authorization);
      const session = token ? await auth.authenticate(token) : null;
      await contact.send({
        musicianId: session?.musicianId ?? null,
        data: request.body,
        address: request.ip,
      });
      return reply.code(201).send({ success: true, message: messages.contactSent });
    },
  );
};
