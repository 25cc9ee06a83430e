import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlaylistImportBody, PlaylistImportResponse } from '#shared/schemas/song-import.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

export const playlistImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playlistImport } = app.services;
  // onRequest, not preHandler: a stranger's request is refused before its body or file is read.
  app.addHook('onRequest', app.requireMusician);

  /**
   * Imports a public Spotify or Apple Music playlist into the caller's songs. 400: no or
   * malformed link; 503: the platform's credentials are not configured (the detail names them);
   * 404: the platform does not know the playlist; 502: the platform failed or refused.
   */
  app.post(
    '/songs/playlist/import',
    { schema: { body: PlaylistImportBody, response: responses({ 200: PlaylistImportResponse }) } },
    async (request) => playlistImport.importPlaylist(sessionOf(request).musicianId, request.body),
  );
};
