import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccessCheckResponse,
  CreatedTip,
  CreateTipBody,
  DesignSettings,
  TipLinksQuery,
  TipLinksResponse,
} from '#shared/schemas/audience.ts';
import { PublicMusician, SlugParams } from '#shared/schemas/musician.ts';
import { PublicPlaylistListResponse } from '#shared/schemas/playlist.ts';
import { FilterOptions, PublicSongListResponse, PublicSongsQuery } from '#shared/schemas/song.ts';
import { idempotencyKeyOf } from '#server/http/idempotency.ts';
import { responses } from '#server/http/responses.ts';

/** The audience page's calls: no token, and only public fields (the schemas filter the rest). */
export const audienceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audience, tips } = app.services;

  app.get(
    '/musicians/:slug',
    { schema: { params: SlugParams, response: responses({ 200: PublicMusician }) } },
    async (request) => audience.profile(request.params.slug),
  );

  // Whether the page takes visitors (a paused page shows the message instead of the songs).
  app.get(
    '/musicians/:slug/access-check',
    { schema: { params: SlugParams, response: responses({ 200: AccessCheckResponse }) } },
    async (request) => audience.accessCheck(request.params.slug),
  );

  app.get(
    '/musicians/:slug/design',
    { schema: { params: SlugParams, response: responses({ 200: DesignSettings }) } },
    async (request) => audience.design(request.params.slug),
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

  // Built here so every phone gets each app's documented link format, pre-filled.
  app.get(
    '/musicians/:slug/tip-links',
    {
      schema: {
        params: SlugParams,
        querystring: TipLinksQuery,
        response: responses({ 200: TipLinksResponse }),
      },
    },
    async (request) =>
      audience.tipLinks(request.params.slug, request.query.amount, request.query.message),
  );

  app.post(
    '/musicians/:slug/tips',
    {
      config: { rateLimit: app.publicWriteRateLimit },
      schema: {
        params: SlugParams,
        body: CreateTipBody,
        response: responses({ 201: CreatedTip }),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await tips.create(request.params.slug, request.body, idempotencyKeyOf(request))),
  );
};
