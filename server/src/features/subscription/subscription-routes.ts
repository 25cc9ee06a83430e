import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SubscriptionStatus } from '#shared/schemas/subscription.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { subscription } = app.services;

  app.get(
    '/subscription/status',
    {
      preHandler: app.requireMusician,
      schema: { response: responses({ 200: SubscriptionStatus }) },
    },
    (request) => subscription.status(sessionOf(request).musicianId),
  );
};
