import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, SuccessResponse } from '#shared/schemas/common.ts';
import {
  BatchDeleteBody,
  BatchDeleteResponse,
  BatchEditBody,
  BatchEditResponse,
  Song,
  SongInput,
  SongListQuery,
  SongListResponse,
  ToggleVisibilityResponse,
} from '#shared/schemas/song.ts';
import { sessionOf } from '#server/http/session.ts';
import { responses } from '#server/http/responses.ts';

export const songsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { songs } = app.services;
  app.addHook('onRequest', app.requireMusician);

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

  // Declared before /songs/:id for readability; the router prefers static paths anyway.
  app.put(
    '/songs/batch-edit',
    { schema: { body: BatchEditBody, response: responses({ 200: BatchEditResponse }) } },
    async (request) =>
      songs.batchEdit(sessionOf(request).musicianId, request.body.song_ids, request.body.updates),
  );

  app.post(
    '/songs/batch-delete',
    { schema: { body: BatchDeleteBody, response: responses({ 200: BatchDeleteResponse }) } },
    async (request) => songs.batchDelete(sessionOf(request).musicianId, request.body.song_ids),
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
