import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '#shared/schemas/common.ts';
import {
  ActivatePlaylistParams,
  ActivatePlaylistResponse,
  AddPlaylistSongsBody,
  CreatePlaylistBody,
  DeletePlaylistResponse,
  Playlist,
  PlaylistListResponse,
  PlaylistSummary,
  PlaylistVisibilityBody,
  PlaylistVisibilityResponse,
  RenamePlaylistBody,
  ReplacePlaylistSongsBody,
} from '#shared/schemas/playlist.ts';
import { ALL_SONGS_PLAYLIST_ID } from '#shared/schemas/song.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

/** The musician's playlists (spec section 7, "Playlists"). */
export const playlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playlists } = app.services;
  app.addHook('onRequest', app.requireMusician);

  // Summaries: song ids and counts, no song bodies (GET /playlists/{id} has those).
  app.get(
    '/playlists',
    { schema: { response: responses({ 200: PlaylistListResponse }) } },
    async (request) => playlists.list(sessionOf(request).musicianId),
  );

  app.get(
    '/playlists/:id',
    { schema: { params: IdParams, response: responses({ 200: Playlist }) } },
    async (request) => playlists.get(sessionOf(request).musicianId, request.params.id),
  );

  app.post(
    '/playlists',
    { schema: { body: CreatePlaylistBody, response: responses({ 201: Playlist }) } },
    async (request, reply) => {
      const { name, song_ids } = request.body;
      return reply
        .code(201)
        .send(await playlists.create(sessionOf(request).musicianId, name, song_ids));
    },
  );

  // Replaces the whole ordered list: the edit modal's save (reorder, remove).
  app.put(
    '/playlists/:id',
    {
      schema: {
        params: IdParams,
        body: ReplacePlaylistSongsBody,
        response: responses({ 200: Playlist }),
      },
    },
    async (request) =>
      playlists.replaceSongs(
        sessionOf(request).musicianId,
        request.params.id,
        request.body.song_ids,
      ),
  );

  // Adds the given songs at the end, skipping those already in: "add to existing playlist".
  app.put(
    '/playlists/:id/songs',
    {
      schema: {
        params: IdParams,
        body: AddPlaylistSongsBody,
        response: responses({ 200: Playlist }),
      },
    },
    async (request) =>
      playlists.addSongs(sessionOf(request).musicianId, request.params.id, request.body.song_ids),
  );

  // PUT /playlists/all_songs/activate goes back to showing every song on the audience page.
  app.put(
    '/playlists/:id/activate',
    {
      schema: {
        params: ActivatePlaylistParams,
        response: responses({ 200: ActivatePlaylistResponse }),
      },
    },
    async (request) => {
      const { id } = request.params;
      return playlists.activate(
        sessionOf(request).musicianId,
        id === ALL_SONGS_PLAYLIST_ID ? null : id,
      );
    },
  );

  app.put(
    '/playlists/:id/name',
    {
      schema: {
        params: IdParams,
        body: RenamePlaylistBody,
        response: responses({ 200: PlaylistSummary }),
      },
    },
    async (request) =>
      playlists.rename(sessionOf(request).musicianId, request.params.id, request.body.name),
  );

  app.put(
    '/playlists/:id/visibility',
    {
      schema: {
        params: IdParams,
        body: PlaylistVisibilityBody,
        response: responses({ 200: PlaylistVisibilityResponse }),
      },
    },
    async (request) =>
      playlists.setVisibility(
        sessionOf(request).musicianId,
        request.params.id,
        request.body.is_public,
      ),
  );

  app.delete(
    '/playlists/:id',
    { schema: { params: IdParams, response: responses({ 200: DeletePlaylistResponse }) } },
    async (request) => playlists.delete(sessionOf(request).musicianId, request.params.id),
  );
};
