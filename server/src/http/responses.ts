import { ErrorBody } from '#shared/schemas/common.ts';
import { ProofRequired } from '#shared/schemas/proof-of-work.ts';

/**
 * Response schemas of a route: its success shapes plus the `{ detail }` of every error (and a
 * 428's challenge, which the audience's writes answer when they must prove work first).
 */
export function responses<T extends Record<number, unknown>>(success: T) {
  return { ...success, 428: ProofRequired, '4xx': ErrorBody, '5xx': ErrorBody };
}
