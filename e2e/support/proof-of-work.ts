import { createHash } from 'node:crypto';
import type { ProofChallenge } from '#shared/schemas/proof-of-work.ts';

/**
 * ALTCHA's payload for a 428's challenge, solved here as a script would (node's SHA-256): what a
 * test sending audience writes through the API does where a phone's page solves in a worker.
 */
export function solveProof(challenge: ProofChallenge): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const hash = createHash('sha256')
      .update(challenge.salt + number)
      .digest('hex');
    if (hash === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return btoa(
        JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
      );
    }
  }
  throw new Error('challenge had no solution');
}
