import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/messages.ts';
import type { Session } from '../features/auth/auth-service.ts';
import { unauthorized } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for musician routes: 401 unless a live bearer token is sent. */
    requireMusician(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** The caller's session on a route guarded by requireMusician. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized(messages.loginRequired);
  return request.session;
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
