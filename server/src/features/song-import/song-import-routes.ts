import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
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
import {
  openUploadedText,
  refuseDeclaredOversize,
  UPLOAD_LIMITS,
  type UploadKind,
  type UploadText,
} from './upload-reader.ts';

const CSV = { extension: '.csv', wrongExtension: messages.csvWrongExtension };
const LST = { extension: '.lst', wrongExtension: messages.lstWrongExtension };

/**
 * Imports a musician may start a minute (previews and uploads together): a few files previewed
 * and imported, not a script's loop. Each reads a file of up to 5 MB.
 */
export const IMPORTS_PER_MUSICIAN_PER_MINUTE = 20;

/**
 * CSV and LST uploads: multipart with the file in any field name. The multipart parser is
 * registered inside this plugin only, so no other route accepts multipart bodies. Each import
 * reads its file as it parses it, one at a time per musician, rate limited per musician.
 */
export const songImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  // Any other body (the file itself, a web form) reaches the route unread, which answers that
  // it wants a form upload, instead of Fastify's 415 "Send JSON".
  app.addContentTypeParser('*', (_request, _body, done) => done(null));
  const { songImport } = app.services;
  // The file threads these routes start (song-file-reader.ts) end with the app.
  app.addHook('onClose', async () => songImport.close());
  // onRequest, not preHandler: a stranger's request is refused before its body or file is read.
  app.addHook('onRequest', app.requireMusician);
  app.addHook('onRequest', refuseDeclaredOversize);
  // Runs after the hooks above (a route's own hook), so the musician is known.
  const limited = {
    rateLimit: {
      max: IMPORTS_PER_MUSICIAN_PER_MINUTE,
      timeWindow: 60_000,
      groupId: 'song-imports',
      keyGenerator: (request: FastifyRequest) => sessionOf(request).musicianId,
    },
  };
  /** The musician's one import: the file is opened and read inside it. */
  const importing = <T>(
    request: FastifyRequest,
    kind: UploadKind,
    work: (musicianId: string, text: UploadText) => Promise<T>,
  ) => {
    const { musicianId } = sessionOf(request);
    return songImport.oneAtATime(musicianId, async () =>
      work(musicianId, await openUploadedText(request, kind)),
    );
  };

  app.post(
    '/songs/csv/preview',
    { config: limited, schema: { response: responses({ 200: CsvPreviewResponse }) } },
    async (request) => importing(request, CSV, songImport.previewCsv),
  );

  app.post(
    '/songs/csv/upload',
    {
      config: limited,
      schema: { querystring: ImportQuery, response: responses({ 200: CsvUploadResponse }) },
    },
    async (request) =>
      importing(request, CSV, (musicianId, text) =>
        songImport.uploadCsv(musicianId, text, request.query.auto_enrich),
      ),
  );

  app.post(
    '/songs/lst/preview',
    { config: limited, schema: { response: responses({ 200: LstPreviewResponse }) } },
    async (request) => importing(request, LST, songImport.previewLst),
  );

  app.post(
    '/songs/lst/upload',
    {
      config: limited,
      schema: { querystring: ImportQuery, response: responses({ 200: LstUploadResponse }) },
    },
    async (request) =>
      importing(request, LST, (musicianId, text) =>
        songImport.uploadLst(musicianId, text, request.query.auto_enrich),
      ),
  );
};
