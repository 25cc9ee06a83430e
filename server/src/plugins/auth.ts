import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/messages.ts';
import { unauthorized } from '../http/errors.ts';
import { bearerToken } from '../http/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for musician routes: 401 unless a live bearer token is sent. */
    requireMusician(request: FastifyRequest): Promise<void>;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);
    app.decorate('requireMusician', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized(messages.loginRequired);
      const session = await app.services.auth.authenticate(token);
      if (!session) throw unauthorized(messages.sessionExpired);
      request.session = session;
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
