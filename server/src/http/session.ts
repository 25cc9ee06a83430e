import type { FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';
import { unauthorized } from './errors.ts';

/**
 * What a session may do: 'musician' everything; 'stage' (a paired stage device) only work the
 * queue on the On Stage screen.
 */
export type SessionScope = 'musician' | 'stage';

/** A signed-in musician device: which sign-in it is, whose, and what it may do. */
export interface Session {
  sessionId: string;
  musicianId: string;
  scope: SessionScope;
  /** The paired stage device behind a 'stage' session; null for the musician's own sign-ins. */
  stageDeviceId: string | null;
  /** When the session ends: a live connection made with it is closed then (session-expiry.ts). */
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin's guards (requireMusician, requireQueueAccess); null elsewhere. */
    session: Session | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, if that is what was sent. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** The caller's session on a route guarded by requireMusician or requireQueueAccess. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized(messages.loginRequired);
  return request.session;
}

const EMAIL_KEYS = new Set(['email', 'requester_email']);

/**
 * The payload with every email blanked, however deep: what a stage session receives (REST and
 * socket). A bandmate's tablet sees the queue, never the musician's or the requesters' emails.
 */
export function withoutEmails<T>(payload: T): T {
  if (Array.isArray(payload)) return payload.map(withoutEmails) as T;
  if (payload === null || typeof payload !== 'object' || payload instanceof Date) return payload;
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      EMAIL_KEYS.has(key) && typeof value === 'string' ? '' : withoutEmails(value),
    ]),
  ) as T;
}
