import type { FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';
import { badRequest, HttpError } from './errors.ts';

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

type Field = string | number | boolean | null;

/**
 * A used Idempotency-Key answers its first result only for the same submission: the same key
 * with another body is a client bug (or a guess at someone else's key), answered 422 so it
 * cannot pass for a success. Compares the fields as the server stored them.
 */
export function requireSameSubmission(
  first: Record<string, Field>,
  again: Record<string, Field>,
): void {
  for (const [name, value] of Object.entries(again)) {
    if (!sameField(first[name] ?? null, value)) {
      throw new HttpError(422, messages.idempotencyKeyReused);
    }
  }
}

function sameField(stored: Field, sent: Field): boolean {
  if (typeof stored === 'number' || typeof sent === 'number')
    return Number(stored) === Number(sent);
  return stored === sent;
}
