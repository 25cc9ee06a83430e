import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchEnrichBody,
  BatchEnrichResponse,
  MetadataSearchQuery,
} from '#shared/schemas/metadata.ts';
import { SongMetadataSearchResponse } from '#shared/schemas/song.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

export const metadataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { metadata } = app.services;
  // onRequest, not preHandler: a stranger's request is refused before its body or file is read.
  app.addHook('onRequest', app.requireMusician);

  /**
   * Looks a song up: the bundled catalogue first, then MusicBrainz. A miss is 200 with
   * `success: false, metadata: null` and the spec's "No metadata found" message, not a 404:
   * nothing is wrong with the request, and the add-song form simply stays as typed.
   * Missing title or artist: 400 with the spec's message. The answer also names the writers
   * when MusicBrainz knows them (songwriter, '' otherwise).
   */
  app.post(
    '/songs/search-metadata',
    {
      schema: {
        querystring: MetadataSearchQuery,
        response: responses({ 200: SongMetadataSearchResponse }),
      },
    },
    async (request) => metadata.search(request.query.title, request.query.artist),
  );

  /** Auto-fill All: optional body `{ song_ids }` limits it to a selection. */
  app.post(
    '/songs/batch-enrich',
    { schema: { body: BatchEnrichBody, response: responses({ 200: BatchEnrichResponse }) } },
    async (request) => metadata.batchEnrich(sessionOf(request).musicianId, request.body?.song_ids),
  );
};
