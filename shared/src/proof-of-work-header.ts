/**
 * The header a write that proved its work is sent again with (schemas/proof-of-work.ts has the
 * rest of the contract). Without zod: the audience page sends it, and a schema library on its
 * first visit would cost 33 KB.
 */
export const PROOF_OF_WORK_HEADER = 'x-altcha';
