import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Musician, ProfileUpdateBody } from '#shared/schemas/musician.ts';
import { sessionOf } from '#server/http/session.ts';
import { responses } from '#server/http/responses.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile } = app.services;
  app.addHook('preHandler', app.requireMusician);

  app.get('/profile', { schema: { response: responses({ 200: Musician }) } }, async (request) =>
    profile.get(sessionOf(request).musicianId),
  );

  app.put(
    '/profile',
    { schema: { body: ProfileUpdateBody, response: responses({ 200: Musician }) } },
    async (request) => profile.update(sessionOf(request).musicianId, request.body),
  );
};
