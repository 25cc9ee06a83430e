import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An onSend hook for the public song list: an ETag from the serialized answer, and a 304 with
 * no body when the phone already holds it. Hundreds of phones refetch the list on every
 * `songs` push; most of them get a few bytes back instead of the whole repertoire.
 */
export async function songListEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  const known = request.headers['if-none-match'];
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}
