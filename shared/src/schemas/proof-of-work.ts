import { z } from 'zod';

/**
 * The proof of work on the audience's writes (issue 46, "The contract for the challenge"): the
 * server answers 428 with ALTCHA's challenge; the phone solves it and sends the same write again
 * with the solution in PROOF_OF_WORK_HEADER (ALTCHA's base64 payload).
 */
export { PROOF_OF_WORK_HEADER } from '../proof-of-work-header.ts';

export const PROOF_OF_WORK_MODES = ['adaptive', 'always', 'off'] as const;
export type ProofOfWorkMode = (typeof PROOF_OF_WORK_MODES)[number];

/** ALTCHA's challenge object (altcha-lib's v1 `Challenge`), as the 428 carries it. */
export const ProofChallenge = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int().positive(),
  salt: z.string(),
  signature: z.string(),
});
export type ProofChallenge = z.infer<typeof ProofChallenge>;

/** The 428 answer: a sentence, and the challenge to solve before sending the write again. */
export const ProofRequired = z.object({ detail: z.string(), challenge: ProofChallenge });
export type ProofRequired = z.infer<typeof ProofRequired>;

/** ALTCHA's solution payload, once base64-decoded: what the phone sends back. */
export const ProofPayload = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0).max(100_000_000),
  salt: z.string().max(500),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ProofPayload = z.infer<typeof ProofPayload>;
