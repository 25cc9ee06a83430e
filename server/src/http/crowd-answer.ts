import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUSH_VERSION, PUSH_VERSION_HEADER } from '#shared/realtime.ts';

/** A public answer as every phone of a crowd is given it (crowd-cache.ts keeps it a moment). */
export interface CrowdAnswer {
  /** The JSON body, serialized by the route's response schema. */
  body: string;
  etag: string;
}

/** A strong ETag of a serialized answer. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export const crowdAnswerOf = (body: string): CrowdAnswer => ({ body, etag: etagOf(body) });

/** The push a refetch names (PUSH_VERSION_HEADER), if well formed; else none. */
export function pushVersionOf(request: FastifyRequest): string | undefined {
  const version = request.headers[PUSH_VERSION_HEADER];
  return typeof version === 'string' && PUSH_VERSION.test(version) ? version : undefined;
}

/**
 * The answer with its ETag, or a 304 with no body when the phone already holds it. Thousands of
 * phones refetch on every push; those whose copy is current get a few bytes back instead of the
 * whole answer.
 */
export function sendCrowdAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag }: CrowdAnswer,
): FastifyReply {
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  const known = request.headers['if-none-match'];
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
