import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { FEED_PATH, FeedQuery } from '#shared/schemas/feed.ts';
import { unauthorized } from '#server/http/errors.ts';
import { responses } from '#server/http/responses.ts';
import { bearerToken } from '#server/http/session.ts';

/**
 * Connections a minute from one address, a budget of the feed's own (not the audience's, whose
 * phones may share the venue's address): a whole rig reconnecting after a restart is far below
 * it; a script guessing tokens is not.
 */
const FEED_CONNECTS_PER_IP = { max: 120, timeWindow: 60_000, groupId: 'feed-connects' };

/** `?token=` (all a browser can send on a WebSocket), else `Authorization: Bearer <token>`. */
function feedTokenOf(request: FastifyRequest): string | undefined {
  const { token } = request.query as FeedQuery;
  return token || bearerToken(request.headers.authorization);
}

/**
 * GET /api/feed: the live feed as a plain WebSocket (feed-hub.ts holds the open feeds). The
 * upgrade is always accepted; a missing, wrong or revoked token is then closed with 4401 and a
 * reason, which a browser can read (it cannot read the status of a refused upgrade). A plain
 * GET says whether the token works: 401 with a detail, or 426 when it does.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feedTokens } = app.services;
  const path = FEED_PATH.slice('/api'.length);

  app.route({
    method: 'GET',
    url: path,
    config: { rateLimit: FEED_CONNECTS_PER_IP },
    schema: { querystring: FeedQuery, response: responses({}) },
    wsHandler: (socket, request) => app.feedHub.open(socket, feedTokenOf(request)),
    handler: async (request, reply) => {
      const token = feedTokenOf(request);
      if (!token) throw unauthorized(messages.feedTokenMissing);
      if (!(await feedTokens.authenticate(token))) throw unauthorized(messages.feedTokenInvalid);
      return reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({ detail: messages.feedUpgradeRequired });
    },
  });
};
