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
import { ShowRecap, ShowRecapParams } from '#shared/schemas/show-recap.ts';
import { FilterOptions, PublicSongListResponse, PublicSongsQuery } from '#shared/schemas/song.ts';
import { pushVersionOf, sendCrowdAnswer } from '#server/http/crowd-answer.ts';
import { idempotencyKeyOf } from '#server/http/idempotency.ts';
import { responses } from '#server/http/responses.ts';
import { deviceIdOf } from '#server/submissions/requester.ts';

/** The same address (path and query) with the slug after /musicians/ replaced. */
function withSlug(url: string, slug: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  return `${path.replace(/(\/musicians\/)[^/?]+/, `$1${slug}`)}${query}`;
}

/** The audience page's calls: no token, and only public fields (the schemas filter the rest). */
export const audienceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audience, tips, songLists } = app.services;

  // A link or QR code printed before a slug change still works: GET under the old slug answers a
  // permanent redirect to the same address under the new one (query string kept).
  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const { slug } = request.params as { slug?: unknown };
    if (typeof slug !== 'string') return;
    const current = await songLists.movedTo(
      slug,
      () => audience.movedTo(slug),
      pushVersionOf(request),
    );
    if (current) return reply.code(308).header('location', withSlug(request.url, current)).send();
  });

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
      config: { rateLimit: app.publicReadRateLimit },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const key = `${slug.trim().toLowerCase()}?${JSON.stringify(request.query)}`;
      const answer = await songLists.answer(
        key,
        async () => {
          const { musicianId, songs } = await audience.songs(slug, request.query);
          // Through the response schema, as every answer is: once for every phone that asks.
          return { musicianId, body: reply.serialize(songs) as string };
        },
        pushVersionOf(request),
      );
      return sendCrowdAnswer(request, reply, answer);
    },
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

  // After the show: what was played, by the show's random id (a v4 UUID, known to the musician
  // and to the phones that had a song played in it), under its musician's slug.
  app.get(
    '/musicians/:slug/shows/:show_id/recap',
    { schema: { params: ShowRecapParams, response: responses({ 200: ShowRecap }) } },
    async (request) => audience.recap(request.params.slug, request.params.show_id),
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
      reply.code(201).send(
        await tips.create({
          slug: request.params.slug,
          data: request.body,
          idempotencyKey: idempotencyKeyOf(request),
          deviceId: deviceIdOf(request),
          address: request.ip,
        }),
      ),
  );
};
