import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/messages.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The longest address (path and query) the app reads: 4,096 characters. The longest a real page
 * makes is about 1,900: a search of 200 characters (its schema's limit) in a script of three-byte
 * letters, percent-encoded (9 characters each), under a slug of at most 100. Sign-in callbacks
 * from an identity provider (a code and a state) stay well under 2,000 too.
 */
export const ADDRESS_MAX_LENGTH = 4096;
/**
 * The longest part between two slashes. No route parameter takes more than 100 (the router's
 * maxParamLength answers those itself) and no file name more than 255 (NAME_MAX): the built
 * client's file server cannot look such a name up, and would answer 403 "Forbidden".
 */
export const ADDRESS_SEGMENT_MAX_LENGTH = 255;

function tooLong(url: string): boolean {
  if (url.length > ADDRESS_MAX_LENGTH) return true;
  const path = url.split('?', 1)[0]!;
  return path.split('/').some((segment) => segment.length > ADDRESS_SEGMENT_MAX_LENGTH);
}

/** 414 with a sentence for an address longer than any page makes, before any route reads it. */
export const addressLengthPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (tooLong(request.url)) throw new HttpError(414, messages.addressTooLong);
    });
  },
  { name: 'address-length' },
);
