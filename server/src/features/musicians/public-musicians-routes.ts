import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicMusician, SlugParams } from '../../../../shared/src/schemas/musician.ts';
import { PublicSongListResponse } from '../../../../shared/src/schemas/song.ts';
import { responses } from '../../http/responses.ts';

/** The audience page's reads: no token, and only public fields (the schemas filter the rest). */
export const publicMusiciansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicMusicians } = app.services;

  app.get(
    '/musicians/:slug',
    { schema: { params: SlugParams, response: responses({ 200: PublicMusician }) } },
    async (request) => publicMusicians.profile(request.params.slug),
  );

  app.get(
    '/musicians/:slug/songs',
    { schema: { params: SlugParams, response: responses({ 200: PublicSongListResponse }) } },
    async (request) => publicMusicians.songs(request.params.slug),
  );
};
