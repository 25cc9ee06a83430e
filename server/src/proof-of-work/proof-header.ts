import type { FastifyRequest } from 'fastify';
import { PROOF_OF_WORK_HEADER } from '#shared/schemas/proof-of-work.ts';

/**
 * The X-Altcha a write carries, as sent (checked by proof-of-work-service.ts). Sent twice, it is
 * no payload ALTCHA makes: answered as a bad one, with a fresh challenge.
 */
export function proofPayloadOf(request: FastifyRequest): string | undefined {
  const header = request.headers[PROOF_OF_WORK_HEADER];
  return Array.isArray(header) ? header.join(',') : header;
}
