import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalyticsQuery,
  DailyAnalyticsResponse,
  RequestersResponse,
} from '#shared/schemas/analytics.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';
import { csvDownload } from '#server/downloads/csv-download.ts';

/** The Analytics tab (spec section 7): musician only, each musician's own data. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;
  app.addHook('onRequest', app.requireMusician);
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).musicianId;

  app.get(
    '/analytics/daily',
    {
      schema: { querystring: AnalyticsQuery, response: responses({ 200: DailyAnalyticsResponse }) },
    },
    (request) => analytics.daily(me(request), request.query),
  );

  app.get(
    '/analytics/requesters',
    { schema: { querystring: AnalyticsQuery, response: responses({ 200: RequestersResponse }) } },
    (request) => analytics.requesters(me(request), request.query),
  );

  app.get(
    '/analytics/export-requesters',
    { schema: { querystring: AnalyticsQuery, response: responses({ 200: z.string() }) } },
    async (request, reply) => {
      const csv = await analytics.requestersCsv(me(request), request.query);
      return csvDownload(reply, 'requesters.csv', csv);
    },
  );

  app.get(
    '/analytics/export-payments',
    { schema: { querystring: AnalyticsQuery, response: responses({ 200: z.string() }) } },
    async (request, reply) => {
      const csv = await analytics.paymentsCsv(me(request), request.query);
      return csvDownload(reply, 'payments.csv', csv);
    },
  );
};
