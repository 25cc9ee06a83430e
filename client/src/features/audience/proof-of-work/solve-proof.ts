import { solveChallenge } from 'altcha-lib/v1';
import type { ProofChallenge } from '#shared/schemas/proof-of-work.ts';

/** The number that solves `challenge`, found in a Web Worker (or here, where there is none). */
function solvedNumber(challenge: ProofChallenge): Promise<number | null> {
  if (typeof Worker === 'undefined') {
    const { challenge: hash, salt, algorithm, maxnumber } = challenge;
    return solveChallenge(hash, salt, algorithm, maxnumber).promise.then((s) => s?.number ?? null);
  }
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./proof-worker.ts', import.meta.url), { type: 'module' });
    const done = (number: number | null) => {
      worker.terminate();
      resolve(number);
    };
    worker.onmessage = (event: MessageEvent<number | null>) => done(event.data);
    worker.onerror = () => done(null);
    worker.postMessage(challenge);
  });
}

/**
 * ALTCHA's base64 payload for a 428's challenge (the X-Altcha the write is sent again with), or
 * null when it has no solution. Loaded only once a 428 arrives: a quiet page never fetches it.
 */
export async function solveProof(challenge: ProofChallenge): Promise<string | null> {
  const number = await solvedNumber(challenge);
  if (number === null) return null;
  const { algorithm, salt, signature } = challenge;
  return btoa(
    JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
  );
}
