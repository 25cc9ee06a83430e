import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatusTokenParams } from '#shared/schemas/audience.ts';
import { PushSubscribed, PushSubscriptionBody } from '#shared/schemas/push-notifications.ts';
import { requestLocale } from '#server/http/request-locale.ts';
import { responses } from '#server/http/responses.ts';
import { timeZoneOf } from '#server/submissions/requester.ts';

export const pushNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pushNotifications } = app.services;

  // The requester's phone, by the status token only it holds: tell me when my song comes up.
  // The audience's write budget per address, like every other submission of the page.
  app.post(
    '/request-status/:token/push',
    {
      config: { rateLimit: app.publicWriteRateLimit },
      schema: {
        params: StatusTokenParams,
        body: PushSubscriptionBody,
        response: responses({ 201: PushSubscribed }),
      },
    },
    async (request, reply) => {
      await pushNotifications.subscribe({
        token: request.params.token,
        subscription: request.body,
        locale: requestLocale(request),
        timeZone: timeZoneOf(request),
      });
      return reply.code(201).send({ subscribed: true });
    },
  );
};
