import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { FEED_PATH, type FeedEventMessage } from '#shared/schemas/feed.ts';

/** The open live feeds of this process, as the feed feature keeps them (feed/feed-hub.ts). */
export interface FeedConnections {
  /** A feed connected with this token (undefined when none was sent). */
  open(socket: WebSocket, token: string | undefined): Promise<void>;
  /** One event for one musician's feeds on this process. */
  deliver(musicianId: string, message: FeedEventMessage): void;
  /** Closes every feed open with these tokens. */
  revoke(tokenIds: readonly string[]): void;
  /** Events may have been missed (a Redis subscription was cut): every feed reconnects. */
  reconnectAll(): void;
  openCount(musicianId: string): number;
  /** Feeds open on this process, every musician's (GET /metrics). */
  openTotal(): number;
  /**
   * Told when the first feed of a musician opens on this process (awaited before its `hello`)
   * and when the last one closes: the relay between processes follows only those musicians.
   */
  watch(watcher: FeedWatcher): void;
  /** The server is stopping: every feed is told, and dropped if it does not answer. */
  close(): Promise<void>;
}

export interface FeedWatcher {
  opened(musicianId: string): Promise<void>;
  closed(musicianId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    feedHub: FeedConnections;
  }
}

interface FeedWebSocketOptions {
  /** Built by the composition root (app.ts) from the feed feature's services. */
  hub: FeedConnections;
}

/** Clients send nothing but control frames; anything bigger than this closes the feed (1009). */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

function isFeedUpgrade(url: string | undefined): boolean {
  const path = (url ?? '').split('?', 1)[0]!;
  return path === FEED_PATH || path === `${FEED_PATH}/`;
}

/**
 * The live feed's WebSocket server: @fastify/websocket for GET /api/feed (features/feed/
 * feed-routes.ts), and the hub of open feeds as `app.feedHub`. What the feeds hear is sent by the
 * event dispatch (event-dispatch.ts, live-feed-pushes.ts).
 *
 * Socket.IO listens for upgrades on the same HTTP server (socket-server-plugin.ts).
 * @fastify/websocket would route every upgrade through Fastify, answering Socket.IO's own with a
 * 404 and destroying the socket, so it listens on an emitter that receives only the feed's
 * upgrades (its `server` option: it only subscribes to and emits 'upgrade' on it).
 *
 * Registered before the Socket.IO plugin on purpose: closing Socket.IO waits for the HTTP server,
 * which waits for every open socket, so the feeds must be closed in a preClose hook that runs
 * first.
 */
export const feedWebSocketPlugin = fp(
  async (app: FastifyInstance, { hub }: FeedWebSocketOptions) => {
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

    app.decorate('feedHub', hub);
  },
  { name: 'feed-websocket', dependencies: ['services'] },
);
