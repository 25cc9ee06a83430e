import { createHash } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import type { ProofChallenge } from '#shared/schemas/proof-of-work.ts';

const payloadOf = (challenge: ProofChallenge, number: number) => {
  const { algorithm, salt, signature } = challenge;
  return btoa(
    JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
  );
};

/** Solves a 428's challenge with altcha-lib's own solver (Web Crypto, as a phone's page does). */
export async function solveWithAltcha(challenge: ProofChallenge): Promise<string> {
  const { promise } = solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  );
  const solution = await promise;
  if (!solution) throw new Error('challenge had no solution');
  return payloadOf(challenge, solution.number);
}

/**
 * The same search a script would run: node's synchronous SHA-256, many times faster here than
 * Web Crypto's one promise a hash, so the tests spend their time on the server, not the solve.
 */
export function solveProof(challenge: ProofChallenge): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const hash = createHash('sha256')
      .update(challenge.salt + number)
      .digest('hex');
    if (hash === challenge.challenge) return payloadOf(challenge, number);
  }
  throw new Error('challenge had no solution');
}
