import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LearnNextResponse, LearnNextSongRef } from '#shared/schemas/insights.ts';
import { Song } from '#shared/schemas/song.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

/** No body: 204 says it is done. */
const NoContent = z.undefined();

/**
 * What the audience keeps asking for (issue 11), for the musician only and from their own data:
 * what to learn next, 'Not for me' and its undo, and 'Add to my songs'.
 */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { insights } = app.services;
  // onRequest: a stranger is refused before the body is read.
  app.addHook('onRequest', app.requireMusician);
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).musicianId;

  app.get(
    '/insights/learn-next',
    { schema: { response: responses({ 200: LearnNextResponse }) } },
    (request) => insights.learnNextList(me(request)),
  );

  /** 'Not for me': `{title, artist}`; the song leaves the list, in any letter case. */
  app.post(
    '/insights/learn-next/dismissals',
    { schema: { body: LearnNextSongRef, response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      await insights.dismiss(me(request), request.body);
      return reply.code(204).send();
    },
  );

  /** Undo of 'Not for me', by query string: `?title=&artist=` (a DELETE carries no body). */
  app.delete(
    '/insights/learn-next/dismissals',
    { schema: { querystring: LearnNextSongRef, response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      await insights.undismiss(me(request), request.query);
      return reply.code(204).send();
    },
  );

  /** 'Add to my songs': `{title, artist}`; 201 with the song, metadata filled when found. */
  app.post(
    '/insights/learn-next/songs',
    { schema: { body: LearnNextSongRef, response: responses({ 201: Song }) } },
    async (request, reply) =>
      reply.code(201).send(await insights.addToSongs(me(request), request.body)),
  );
};
