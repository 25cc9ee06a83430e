import { randomBytes } from 'node:crypto';
import type { DerivedKeys } from '#server/db/derived-keys.ts';
import { hashSecret } from '#server/credentials/secrets.ts';

// 32 random bytes in base64url: 43 characters from this alphabet, no padding.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The requester's secret for following their own request (GET /request-status/{token} and the
 * audience socket): 256 random bits. Only its SHA-256 hash is stored, like a session token.
 */
export function newStatusToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

/**
 * The token of a submission sent with an Idempotency-Key: derived from the key (and the
 * musician, as keys are unique per musician) under the server's secret, so every retry of it,
 * however many arrive at once and on whichever process, answers the same token, and none
 * replaces the one the first answer carried. Knowing the key and the body already gets the
 * request's answer; the requests table (which holds the key) does not give the token without
 * the secret.
 */
export async function keyedStatusToken(
  keys: DerivedKeys,
  musicianId: string,
  idempotencyKey: string,
): Promise<{ token: string; hash: string }> {
  const token = (await keys.derive('status-token', musicianId, idempotencyKey)).toString(
    'base64url',
  );
  return { token, hash: hashSecret(token) };
}

/** The stored hash of a token, or null when the text cannot be one of ours. */
export function statusTokenHash(token: unknown): string | null {
  return typeof token === 'string' && TOKEN_SHAPE.test(token) ? hashSecret(token) : null;
}
