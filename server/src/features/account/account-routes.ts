import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeEmailBody,
  ChangeEmailResponse,
  ChangePasswordBody,
  DeleteAccountBody,
} from '#shared/schemas/auth.ts';
import { MessageResponse } from '#shared/schemas/common.ts';
import { sessionOf } from '#server/http/session.ts';
import { responses } from '#server/http/responses.ts';

/**
 * The account forms of the Profile tab. The spec puts email and password under /profile and
 * deletion under /account; all three need the current sign-in and check the current password,
 * so they share the sign-in rate limit against guessing.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app.services;
  app.addHook('onRequest', app.requireMusician);
  const limited = { config: { rateLimit: app.authRateLimit } };

  app.put(
    '/profile/change-email',
    {
      ...limited,
      schema: { body: ChangeEmailBody, response: responses({ 200: ChangeEmailResponse }) },
    },
    async (request) => account.changeEmail(sessionOf(request), request.body),
  );

  app.put(
    '/profile/change-password',
    {
      ...limited,
      schema: { body: ChangePasswordBody, response: responses({ 200: MessageResponse }) },
    },
    async (request) => account.changePassword(sessionOf(request), request.body),
  );

  app.delete(
    '/account/delete',
    {
      ...limited,
      schema: { body: DeleteAccountBody, response: responses({ 200: MessageResponse }) },
    },
    async (request) => account.deleteAccount(sessionOf(request), request.body),
  );
};
