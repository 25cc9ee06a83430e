import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppTip } from '#shared/schemas/audience.ts';
import { IdParams } from '#shared/schemas/common.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

/** The musician's side of payment-app tips (the audience's POST is in audience-routes.ts). */
export const tipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tips } = app.services;

  // Marked on the Requests tab or the On Stage screen: open to the musician's stage devices.
  app.put(
    '/tips/:id/received',
    {
      onRequest: app.requireQueueAccess,
      schema: { params: IdParams, response: responses({ 200: AppTip }) },
    },
    async (request) =>
      tips.markReceived({ musicianId: sessionOf(request).musicianId, tipId: request.params.id }),
  );
};
