import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FEED_PATH } from '#shared/schemas/feed.ts';
import { toFeedMessage } from './feed-messages.ts';
import { feedHub, type FeedHub } from './feed-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    feedHub: FeedHub;
  }
}

interface FeedSocketOptions {
  /** With REDIS_URL there are other server processes: events and revocations go to them too. */
  forwardAcrossProcesses: boolean;
}

/** Clients send nothing but control frames; anything bigger than this closes the feed (1009). */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

function isFeedUpgrade(url: string | undefined): boolean {
  const path = (url ?? '').split('?', 1)[0]!;
  return path === FEED_PATH || path === `${FEED_PATH}/`;
}

/**
 * The live feed's WebSocket side: @fastify/websocket for GET /api/feed (feed-routes.ts), the
 * hub of open feeds, and the wiring from domain events (and from the other server processes)
 * to it.
 *
 * Socket.IO listens for upgrades on the same HTTP server (plugins/realtime.ts). @fastify/websocket
 * would route every upgrade through Fastify, answering Socket.IO's own with a 404 and destroying
 * the socket, so it listens on an emitter that receives only the feed's upgrades (its `server`
 * option: it only subscribes to and emits 'upgrade' on it).
 *
 * Registered before the realtime plugin on purpose: closing Socket.IO waits for the HTTP server,
 * which waits for every open socket, so the feeds must be closed in a preClose hook that runs
 * first. Socket.IO itself is used only once the app is ready.
 */
export const feedSocketPlugin = fp(
  async (app: FastifyInstance, options: FeedSocketOptions) => {
    const { feed, feedTokens, events } = app.services;
    const hub = feedHub({ feed, tokens: feedTokens, log: app.log });

    const feedUpgrades = new EventEmitter();
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (isFeedUpgrade(request.url)) feedUpgrades.emit('upgrade', request, socket, head);
    };
    app.server.on('upgrade', onUpgrade);

    await app.register(websocket, {
      options: {
        server: feedUpgrades as unknown as Server,
        maxPayload: MAX_CLIENT_MESSAGE_BYTES,
      },
      preClose: async () => {
        app.server.off('upgrade', onUpgrade);
        await hub.close();
      },
    });

    events.onEvent((event) => {
      const message = toFeedMessage(event);
      if (!message) return;
      hub.deliver(event.musicianId, message);
      if (options.forwardAcrossProcesses) {
        app.io.serverSideEmit('feed-message', event.musicianId, message);
      }
    });
    // Revoked one by one, or all of a musician's with the sessions (password change or reset,
    // account deleted).
    events.onFeedTokensRevoked((tokenIds) => {
      hub.revoke(tokenIds);
      if (options.forwardAcrossProcesses) app.io.serverSideEmit('feed-tokens-revoked', tokenIds);
    });
    app.addHook('onReady', async () => {
      app.io.on('feed-message', (musicianId, message) => hub.deliver(musicianId, message));
      app.io.on('feed-tokens-revoked', (tokenIds) => hub.revoke(tokenIds));
    });

    app.decorate('feedHub', hub);
  },
  { name: 'feed-socket', dependencies: ['services'] },
);
