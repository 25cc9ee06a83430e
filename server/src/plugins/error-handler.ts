import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { isUnstorableText } from '../db/pg-errors.ts';
import { HttpError } from '../http/errors.ts';

/**
 * One place decides what an error looks like to the client: always `{ detail }`, a sentence a
 * person can act on. 5xx details (stack traces, SQL) go to the log only.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ detail: first?.message ?? 'The request is not valid.' });
    }
    // A safety net behind the schemas: a NUL byte that reached the database is a 400, not a 500
    // (and the failed query, with its personal parameters, stays out of the log).
    if (isUnstorableText(error)) {
      return reply.code(400).send({ detail: messages.textHasNulCharacter });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ detail: messages.internalError });
    }
    return reply.code(status).send({ detail: clientErrorDetail(error) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: messages.notFoundRoute });
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
