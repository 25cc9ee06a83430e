import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams } from '#shared/schemas/musician.ts';
import {
  CardTipBody,
  CheckoutSessionParams,
  CheckoutState,
  CheckoutUrl,
  OnboardingLink,
  PaymentsAccount,
} from '#shared/schemas/payments.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

/** Card tips, the phone back from Checkout, and the musician's Stripe account (issue 45). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.services;

  app.post(
    '/musicians/:slug/card-tips',
    {
      config: { rateLimit: app.publicWriteRateLimit },
      schema: { params: SlugParams, body: CardTipBody, response: responses({ 201: CheckoutUrl }) },
    },
    async (request, reply) =>
      reply.code(201).send(await payments.createCardTip(request.params.slug, request.body)),
  );

  // The session id is Stripe's, unguessable: it names one payment, and says only what became of it.
  app.get(
    '/payments/checkout/:session_id',
    {
      schema: { params: CheckoutSessionParams, response: responses({ 200: CheckoutState }) },
    },
    async (request) => payments.checkoutState(request.params.session_id),
  );

  app.get(
    '/payments/account',
    { onRequest: app.requireMusician, schema: { response: responses({ 200: PaymentsAccount }) } },
    async (request) => payments.account(sessionOf(request).musicianId),
  );

  app.post(
    '/payments/connect',
    { onRequest: app.requireMusician, schema: { response: responses({ 200: OnboardingLink }) } },
    async (request) => payments.connect(sessionOf(request).musicianId),
  );

  // Stripe signs the exact bytes it sent: this route alone keeps the body as they arrived.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post('/payments/webhook', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      await payments.handleWebhook(
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.code(200).send({ received: true });
    });
  });
};
