import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { IdParams, SuccessResponse } from '#shared/schemas/common.ts';
import { z } from 'zod';
import {
  CurrentShowResponse,
  Show,
  ShowListResponse,
  ShowReport,
  ShowReportQuery,
  StartShowBody,
  UpdateShowBody,
} from '#shared/schemas/show.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';
import { csvDownload } from '../analytics/csv-download.ts';
import { reportFileName } from './report-file-name.ts';

export const showsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shows, showReport } = app.services;
  app.addHook('preHandler', app.requireMusician);
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).musicianId;

  app.get(
    '/shows/current',
    { schema: { response: responses({ 200: CurrentShowResponse }) } },
    (request) => shows.current(me(request)),
  );

  app.get('/shows', { schema: { response: responses({ 200: ShowListResponse }) } }, (request) =>
    shows.list(me(request)),
  );

  app.post(
    '/shows/start',
    { schema: { body: StartShowBody, response: responses({ 201: CurrentShowResponse }) } },
    async (request, reply) => reply.code(201).send(await shows.start(me(request), request.body)),
  );

  app.post(
    '/shows/stop',
    { schema: { response: responses({ 200: CurrentShowResponse }) } },
    (request) => shows.stop(me(request)),
  );

  app.put(
    '/shows/:id',
    { schema: { params: IdParams, body: UpdateShowBody, response: responses({ 200: Show }) } },
    (request) => shows.update(me(request), request.params.id, request.body),
  );

  app.get(
    '/shows/:id/report',
    {
      schema: {
        params: IdParams,
        querystring: ShowReportQuery,
        response: responses({ 200: z.union([ShowReport, z.string()]) }),
      },
    },
    async (request, reply) => {
      const { format, tz } = request.query;
      if (format === 'json') return showReport.report(me(request), request.params.id);
      const { show, csv } = await showReport.csv(me(request), request.params.id, tz);
      return csvDownload(reply, reportFileName(show), csv);
    },
  );

  app.put(
    '/shows/:id/archive',
    { schema: { params: IdParams, response: responses({ 200: Show }) } },
    (request) => shows.archive(me(request), request.params.id),
  );

  app.put(
    '/shows/:id/restore',
    { schema: { params: IdParams, response: responses({ 200: Show }) } },
    (request) => shows.restore(me(request), request.params.id),
  );

  app.delete(
    '/shows/:id',
    { schema: { params: IdParams, response: responses({ 200: SuccessResponse }) } },
    async (request) => {
      await shows.delete(me(request), request.params.id);
      return { success: true, message: messages.showDeleted };
    },
  );
};
