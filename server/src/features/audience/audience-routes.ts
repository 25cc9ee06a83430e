import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicMusician, SlugParams } from '#shared/schemas/musician.ts';
import { PublicPlaylistListResponse } from '#shared/schemas/playlist.ts';
import { FilterOptions, PublicSongListResponse, PublicSongsQuery } from '#shared/schemas/song.ts';
import { responses } from '#server/http/responses.ts';

/** The audience page's reads: no token, and only public fields (the schemas filter the rest). */
export const audienceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audience } = app.services;

  app.get(
    '/musicians/:slug',
    { schema: { params: SlugParams, response: responses({ 200: PublicMusician }) } },
    async (request) => audience.profile(request.params.slug),
  );

  // Visible songs: the active playlist's (in its order) unless `playlist` says otherwise.
  app.get(
    '/musicians/:slug/songs',
    {
      schema: {
        params: SlugParams,
        querystring: PublicSongsQuery,
        response: responses({ 200: PublicSongListResponse }),
      },
    },
    async (request) => audience.songs(request.params.slug, request.query),
  );

  app.get(
    '/musicians/:slug/playlists',
    { schema: { params: SlugParams, response: responses({ 200: PublicPlaylistListResponse }) } },
    async (request) => audience.playlists(request.params.slug),
  );

  app.get(
    '/musicians/:slug/filters',
    { schema: { params: SlugParams, response: responses({ 200: FilterOptions }) } },
    async (request) => audience.filters(request.params.slug),
  );
};
