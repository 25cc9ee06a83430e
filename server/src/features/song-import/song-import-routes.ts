import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import {
  CsvPreviewResponse,
  CsvUploadResponse,
  ImportQuery,
  LstPreviewResponse,
  LstUploadResponse,
} from '#shared/schemas/song-import.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';
import { readUploadedText, UPLOAD_LIMITS } from './upload-reader.ts';

const CSV = { extension: '.csv', wrongExtension: messages.csvWrongExtension };
const LST = { extension: '.lst', wrongExtension: messages.lstWrongExtension };

/**
 * CSV and LST uploads: multipart with the file in any field name. The multipart parser is
 * registered inside this plugin only, so no other route accepts multipart bodies.
 */
export const songImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  // Any other body (the file itself, a web form) reaches the route unread, which answers that
  // it wants a form upload, instead of Fastify's 415 "Send JSON".
  app.addContentTypeParser('*', (_request, _body, done) => done(null));
  const { songImport } = app.services;
  // onRequest, not preHandler: a stranger's request is refused before its body or file is read.
  app.addHook('onRequest', app.requireMusician);

  app.post(
    '/songs/csv/preview',
    { schema: { response: responses({ 200: CsvPreviewResponse }) } },
    async (request) =>
      songImport.previewCsv(sessionOf(request).musicianId, await readUploadedText(request, CSV)),
  );

  app.post(
    '/songs/csv/upload',
    { schema: { querystring: ImportQuery, response: responses({ 200: CsvUploadResponse }) } },
    async (request) =>
      songImport.uploadCsv(
        sessionOf(request).musicianId,
        await readUploadedText(request, CSV),
        request.query.auto_enrich,
      ),
  );

  app.post(
    '/songs/lst/preview',
    { schema: { response: responses({ 200: LstPreviewResponse }) } },
    async (request) =>
      songImport.previewLst(sessionOf(request).musicianId, await readUploadedText(request, LST)),
  );

  app.post(
    '/songs/lst/upload',
    { schema: { querystring: ImportQuery, response: responses({ 200: LstUploadResponse }) } },
    async (request) =>
      songImport.uploadLst(
        sessionOf(request).musicianId,
        await readUploadedText(request, LST),
        request.query.auto_enrich,
      ),
  );
};
