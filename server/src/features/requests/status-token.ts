import { randomBytes } from 'node:crypto';
import { hashSecret } from '../auth/secrets.ts';

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

/** The stored hash of a token, or null when the text cannot be one of ours. */
export function statusTokenHash(token: unknown): string | null {
  return typeof token === 'string' && TOKEN_SHAPE.test(token) ? hashSecret(token) : null;
}
