import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { isUnstorableText } from '../db/pg-errors.ts';
import { HttpError } from '../http/errors.ts';
import { localizedDetail } from '../http/localized-detail.ts';
import { requestLocale } from '../http/request-locale.ts';
import { loggableError } from '../logging/loggable-error.ts';

/**
 * What answers a person's visit to an address no route serves. The client plugin fills it in
 * when there is a built client (this plugin imports no other), so a typo in the address bar
 * shows the app's own "page not found" instead of raw JSON.
 */
export interface PageNotFound {
  send?: (reply: FastifyReply) => Promise<FastifyReply>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageNotFound: PageNotFound;
  }
}

/**
 * A browser opening a page: GET or HEAD, asking for HTML, outside the API, and not a file
 * (a missing script or image gets a plain 404, never a page its tag cannot use).
 */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!String(request.headers.accept ?? '').includes('text/html')) return false;
  const path = request.url.split('?', 1)[0]!;
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(lastSegment);
}

/**
 * One place decides what an error looks like to the client: always `{ detail }`, a sentence a
 * person can act on. 5xx details (stack traces, SQL) go to the log only.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The audience page's routes answer in the language the page asks for (issue 11).
    const worded = (detail: string) => localizedDetail(error, detail, requestLocale(request));
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.body, detail: worded(error.message) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply
        .code(400)
        .send({ detail: worded(first?.message ?? 'The request is not valid.') });
    }
    // A safety net behind the schemas: a NUL byte that reached the database is a 400, not a 500
    // (and the failed query, with its personal parameters, stays out of the log).
    if (isUnstorableText(error)) {
      return reply.code(400).send({ detail: worded(messages.textHasNulCharacter) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // Never the error itself: a failed query's message and detail carry its values.
      request.log.error({ err: loggableError(error) }, 'unhandled error');
      return reply.code(500).send({ detail: worded(messages.internalError) });
    }
    return reply.code(status).send({ detail: clientErrorDetail(error) });
  });

  app.decorate('pageNotFound', {} as PageNotFound);
  app.setNotFoundHandler(async (request, reply) => {
    const { send } = app.pageNotFound;
    if (send && wantsPage(request)) return send(reply.code(404));
    return reply.code(404).send({ detail: messages.notFoundRoute });
  });
});

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in plain words. */
function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return messages.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not supported. Send JSON.';
    default:
      return error.message;
  }
}
