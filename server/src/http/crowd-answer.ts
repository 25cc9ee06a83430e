import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A song list as every phone is answered it (song-list-cache.ts keeps it a moment). */
export interface SongListAnswer {
  /** The JSON body, serialized by the route's response schema. */
  body: string;
  etag: string;
}

/** A strong ETag of a serialized answer. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * The public song list with its ETag, or a 304 with no body when the phone already holds it.
 * Thousands of phones refetch the list on every `songs` push; most of them get a few bytes back
 * instead of the whole repertoire.
 */
export function sendSongList(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag }: SongListAnswer,
): FastifyReply {
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  const known = request.headers['if-none-match'];
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
