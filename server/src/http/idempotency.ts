import type { FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';
import { badRequest } from './errors.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * Phones on venue wifi retry submissions. The same Idempotency-Key header on a retry returns the
 * first result instead of creating a second request.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw badRequest(messages.idempotencyKeyInvalid);
  }
  return header;
}
