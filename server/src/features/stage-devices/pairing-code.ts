import { randomInt } from 'node:crypto';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  groupPairingCode,
} from '#shared/schemas/stage-device.ts';

/**
 * A pairing code, e.g. "K7QM-2XWP": 8 characters of 31 (about 40 bits), enough for a code that
 * lives 10 minutes, is used once and whose claims are rate-limited per IP.
 */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) {
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  }
  return groupPairingCode(code);
}
