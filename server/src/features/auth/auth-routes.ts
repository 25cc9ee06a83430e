import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import {
  AuthResponse,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
} from '#shared/schemas/auth.ts';
import { MessageResponse } from '#shared/schemas/common.ts';
import { sessionOf } from '#server/http/session.ts';
import { responses } from '#server/http/responses.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, passwordReset } = app.services;
  // Both limits guard against password guessing and mail flooding. Password guesses, code guesses
  // and code requests count per email AND address: otherwise anyone could lock a musician out by
  // guessing wrong, or use up their code requests (the reset service mails at most one code a
  // minute per account, so more addresses do not mean more mail).
  const limited = (scope: string, perAddress = false) => ({
    config: { rateLimit: app.authRateLimit },
    preHandler: app.limitPerEmail(scope, { perAddress }),
  });

  app.post(
    '/auth/register',
    {
      ...limited('register'),
      schema: { body: RegisterBody, response: responses({ 201: AuthResponse }) },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body)),
  );

  app.post(
    '/auth/login',
    {
      ...limited('login', true),
      schema: { body: LoginBody, response: responses({ 200: AuthResponse }) },
    },
    async (request) => auth.login(request.body),
  );

  app.post(
    '/auth/logout',
    // A paired stage device signs itself out too.
    {
      onRequest: app.requireQueueAccess,
      schema: { response: responses({ 200: MessageResponse }) },
    },
    async (request) => {
      await auth.logout(sessionOf(request));
      return { message: messages.loggedOut };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      ...limited('forgot-password', true),
      schema: { body: ForgotPasswordBody, response: responses({ 200: ForgotPasswordResponse }) },
    },
    async (request) => passwordReset.requestCode(request.body.email, request.ip),
  );

  app.post(
    '/auth/reset-password',
    {
      ...limited('reset-password', true),
      schema: { body: ResetPasswordBody, response: responses({ 200: MessageResponse }) },
    },
    async (request) => {
      const answer = await passwordReset.resetPassword(request.body, request.ip);
      // The new password must sign in at once, even after ten wrong ones from this address.
      app.forgetEmailLimit('login', request.body.email);
      return answer;
    },
  );
};
