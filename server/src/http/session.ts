import type { FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';
import { unauthorized } from './errors.ts';

/** A signed-in musician device: which sign-in it is and whose. */
export interface Session {
  sessionId: string;
  musicianId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin's `requireMusician` on musician routes; null elsewhere. */
    session: Session | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, if that is what was sent. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** The caller's session on a route guarded by requireMusician. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized(messages.loginRequired);
  return request.session;
}
