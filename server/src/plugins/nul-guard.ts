import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/messages.ts';
import { containsNul } from '#shared/nul-character.ts';
import { badRequest } from '../http/errors.ts';

/**
 * Refuses a NUL character (U+0000) anywhere in a body, query or path parameter of every route,
 * before validation: PostgreSQL cannot store it, and one reaching a query used to answer 500.
 * One guard for all routes, so a new field cannot forget it.
 */
export const nulGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        throw badRequest(messages.textHasNulCharacter);
      }
    });
  },
  { name: 'nul-guard' },
);
