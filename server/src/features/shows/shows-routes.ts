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
import { csvDownload } from '#server/downloads/csv-download.ts';
import { reportFileName } from './report-file-name.ts';

export const showsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shows, showReport } = app.services;
  const musicianOnly = { onRequest: app.requireMusician };
  // The On Stage screen's "Show running" line: also open to the musician's stage devices.
  const queueAccess = { onRequest: app.requireQueueAccess };
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).musicianId;

  app.get(
    '/shows/current',
    { ...queueAccess, schema: { response: responses({ 200: CurrentShowResponse }) } },
    (request) => shows.current(me(request)),
  );

  // A stage device's live wiring loads the list with the current show: it gets only that show.
  app.get(
    '/shows',
    { ...queueAccess, schema: { response: responses({ 200: ShowListResponse }) } },
    async (request) => {
      if (sessionOf(request).scope !== 'stage') return shows.list(me(request));
      const { show } = await shows.current(me(request));
      return show ? [show] : [];
    },
  );

  app.post(
    '/shows/start',
    {
      ...musicianOnly,
      schema: { body: StartShowBody, response: responses({ 201: CurrentShowResponse }) },
    },
    async (request, reply) => reply.code(201).send(await shows.start(me(request), request.body)),
  );

  app.post(
    '/shows/stop',
    { ...musicianOnly, schema: { response: responses({ 200: CurrentShowResponse }) } },
    (request) => shows.stop(me(request)),
  );

  app.put(
    '/shows/:id',
    {
      ...musicianOnly,
      schema: { params: IdParams, body: UpdateShowBody, response: responses({ 200: Show }) },
    },
    (request) => shows.update(me(request), request.params.id, request.body),
  );

  app.get(
    '/shows/:id/report',
    {
      ...musicianOnly,
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
    { ...musicianOnly, schema: { params: IdParams, response: responses({ 200: Show }) } },
    (request) => shows.archive(me(request), request.params.id),
  );

  app.put(
    '/shows/:id/restore',
    { ...musicianOnly, schema: { params: IdParams, response: responses({ 200: Show }) } },
    (request) => shows.restore(me(request), request.params.id),
  );

  app.delete(
    '/shows/:id',
    {
      ...musicianOnly,
      schema: { params: IdParams, response: responses({ 200: SuccessResponse }) },
    },
    async (request) => {
      await shows.delete(me(request), request.params.id);
      return { success: true, message: messages.showDeleted };
    },
  );
};
