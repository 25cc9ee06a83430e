import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DemoCsvResponse, StarterPackResponse } from '#shared/schemas/song-import.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

export const starterPackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { starterPack } = app.services;

  /** The sample CSV download (public: it holds no one's data). */
  app.get(
    '/demo-csv',
    { schema: { response: responses({ 200: DemoCsvResponse }) } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="demo-songs.csv"')
        .send(starterPack.demoCsv()),
  );

  /** Adds the starter pack of well-known cover songs to the caller's list, skipping duplicates. */
  app.post(
    '/songs/starter-pack',
    {
      onRequest: app.requireMusician,
      schema: { response: responses({ 200: StarterPackResponse }) },
    },
    async (request) => starterPack.addStarterPack(sessionOf(request).musicianId),
  );
};
