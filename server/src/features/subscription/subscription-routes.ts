import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SubscriptionStatus } from '#shared/schemas/subscription.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';
import { CheckoutSessionParams, CheckoutStatus, FREE_MODE_CHECKOUT } from './checkout-status.ts';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { subscription } = app.services;

  app.get(
    '/subscription/status',
    {
      onRequest: app.requireMusician,
      schema: { response: responses({ 200: SubscriptionStatus }) },
    },
    (request) => subscription.status(sessionOf(request).musicianId),
  );

  // Where a checkout would land after payment. Free mode has no payment provider: any
  // well-formed session id is a completed checkout that needed no payment. A wildcard, not
  // :sessionId, because the router refuses parameters over 100 characters with a bare 414,
  // and an id may be up to 255.
  app.get(
    '/subscription/checkout/status/*',
    {
      onRequest: app.requireMusician,
      schema: { params: CheckoutSessionParams, response: responses({ 200: CheckoutStatus }) },
    },
    () => FREE_MODE_CHECKOUT,
  );
};
