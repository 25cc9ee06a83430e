import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Musician,
  ProfileUpdateBody,
  SlugAvailabilityQuery,
  SlugAvailabilityResponse,
} from '#shared/schemas/musician.ts';
import { sessionOf } from '#server/http/session.ts';
import { responses } from '#server/http/responses.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile } = app.services;
  // A stage device reads the profile (without the email) and may only flip requests on or off
  // and set the request window (its "+10 min").
  const STAGE_FIELDS = new Set(['requests_enabled', 'requests_open_at', 'requests_close_at']);
  const onlyTogglesRequests = app.allowStageWhen(({ body }) => {
    if (typeof body !== 'object' || body === null) return false;
    const fields = Object.keys(body);
    return fields.length > 0 && fields.every((field) => STAGE_FIELDS.has(field));
  });

  app.get(
    '/profile',
    { onRequest: app.requireQueueAccess, schema: { response: responses({ 200: Musician }) } },
    async (request) => profile.get(sessionOf(request).musicianId),
  );

  app.put(
    '/profile',
    {
      onRequest: app.requireQueueAccess,
      preHandler: onlyTogglesRequests,
      schema: { body: ProfileUpdateBody, response: responses({ 200: Musician }) },
    },
    async (request) => profile.update(sessionOf(request).musicianId, request.body),
  );

  // Asked while the musician types a new slug (debounced by the form).
  app.get(
    '/profile/slug-available',
    {
      onRequest: app.requireMusician,
      schema: {
        querystring: SlugAvailabilityQuery,
        response: responses({ 200: SlugAvailabilityResponse }),
      },
    },
    async (request) => profile.slugAvailability(sessionOf(request).musicianId, request.query.slug),
  );
};
