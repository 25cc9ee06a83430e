/// <reference lib="webworker" />
import { solveChallenge } from 'altcha-lib/v1';
import type { ProofChallenge } from '#shared/schemas/proof-of-work.ts';

// Solves one ALTCHA challenge off the page's thread, so scrolling and typing never stall.
self.onmessage = async (event: MessageEvent<ProofChallenge>) => {
  const { challenge, salt, algorithm, maxnumber } = event.data;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  self.postMessage(solution?.number ?? null);
};
