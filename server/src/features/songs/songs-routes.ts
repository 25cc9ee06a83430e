import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, SuccessResponse } from '../../../../shared/src/schemas/common.ts';
import {
  Song,
  SongInput,
  SongListQuery,
  SongListResponse,
  ToggleVisibilityResponse,
} from '../../../../shared/src/schemas/song.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { responses } from '../../http/responses.ts';

export const songsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { songs } = app.services;
  app.addHook('preHandler', app.requireMusician);

  app.get(
    '/songs',
    { schema: { querystring: SongListQuery, response: responses({ 200: SongListResponse }) } },
    async (request) => songs.list(sessionOf(request).musicianId, request.query.sort_by),
  );

  app.post(
    '/songs',
    { schema: { body: SongInput, response: responses({ 201: Song }) } },
    async (request, reply) =>
      reply.code(201).send(await songs.create(sessionOf(request).musicianId, request.body)),
  );

  app.put(
    '/songs/:id',
    { schema: { params: IdParams, body: SongInput, response: responses({ 200: Song }) } },
    async (request) => songs.update(sessionOf(request).musicianId, request.params.id, request.body),
  );

  app.delete(
    '/songs/:id',
    { schema: { params: IdParams, response: responses({ 200: SuccessResponse }) } },
    async (request) => songs.delete(sessionOf(request).musicianId, request.params.id),
  );

  app.put(
    '/songs/:id/toggle-visibility',
    { schema: { params: IdParams, response: responses({ 200: ToggleVisibilityResponse }) } },
    async (request) => songs.toggleVisibility(sessionOf(request).musicianId, request.params.id),
  );
};
