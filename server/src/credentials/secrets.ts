import { createHash, randomBytes, randomInt } from 'node:crypto';
import { RESET_CODE_LENGTH } from '#shared/limits.ts';

/** A bearer token: 256 random bits. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

// No 0/O, 1/I/L: the code is read from an email and typed on a phone.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A one-time password-reset code, e.g. "K7QM2XWP" (about 40 bits). */
export function newResetCode(): string {
  let code = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i++)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Tokens and codes are high-entropy and short-lived, so a plain SHA-256 is enough to store them. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
