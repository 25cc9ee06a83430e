import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type ServerOptions } from 'socket.io';
import { AUDIENCE_NAMESPACE } from '#shared/realtime.ts';
import type { RedisTarget, SocketLimits } from '../config.ts';
import type { ProxyTrust } from '../http/client-address.ts';
import { audienceNamespace } from './audience-namespace.ts';
import { audiencePushes } from './audience-pushes.ts';
import { acceptDevices } from './device-connections.ts';
import { devicePushes } from './device-pushes.ts';
import { releaseUpgradeRequest } from './engine-memory.ts';
import { eventAudiences } from './event-audiences.ts';
import { dispatchEvent } from './event-dispatch.ts';
import { liveFeedPushes } from './live-feed-pushes.ts';
import { RecoveryAdapter } from './recovery-adapter.ts';
import { slugDirectory } from './slug-directory.ts';
import { socketLimits } from './socket-limits.ts';
import type { RealtimeServer } from './socket-server-types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

/**
 * Engine.IO's heartbeat. Every connected device, idle or not, is pinged once per interval; at 45 s
 * instead of Socket.IO's 25 s, 10,000 idle devices cost the server under 3 % of a core (docs/benchmarks.md,
 * Realtime). A device that vanishes without a word is noticed within interval + timeout (65 s);
 * one that closes its connection or goes offline is noticed at once. Proxies in front must let
 * a connection idle for longer than that (deploy/haproxy.cfg).
 */
export const HEARTBEAT = { pingIntervalMs: 45_000, pingTimeoutMs: 20_000 };

interface RealtimeOptions {
  /** REDIS_URL or REDIS_CLUSTER_NODES: other server processes share the events. */
  redis: RedisTarget | undefined;
  /** The proxies trusted to name the client (TRUST_PROXY), as the HTTP routes use them. */
  trustProxy: ProxyTrust | false;
  socketLimits: SocketLimits;
  /** Called on each error of the Redis connection (counted by GET /metrics). */
  onRedisError?: () => void;
}

/**
 * Socket.IO on Fastify's own HTTP server: the musicians' and stage devices on the main namespace
 * (device-connections.ts), the public audience namespace (audience-namespace.ts), and every
 * published domain event sent to its audiences by the dispatch (event-dispatch.ts).
 *
 * With Redis, Socket.IO's sharded adapter carries emits between processes over Redis 7 sharded
 * pub/sub, one channel per room: a process subscribes to a room's channel only while it holds a
 * socket in the room (subscriptionMode 'dynamic'), so an event reaches only the processes with a
 * device or page of that musician. That adapter keeps nothing for a device that comes back, so
 * connection state recovery is off: a device that reconnects, on any process, asks for what
 * changed since its cursor (client/src/live/live-connection.ts) and misses nothing.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: RealtimeOptions) => {
    const { profile, events } = app.services;
    const shared = options.redis
      ? (await import('./redis-sharing.ts')).redisSharing(options.redis)
      : undefined;
    const redis = shared?.clients;
    for (const client of redis ? [redis.pub, redis.sub] : []) {
      client.on('error', (err) => {
        options.onRedisError?.();
        app.log.error({ err }, 'redis connection error');
      });
    }
    // Other processes exist only with the Redis adapter (the in-memory one would only warn).
    const multiProcess = redis !== undefined;
    const limits = socketLimits(options.socketLimits, options.trustProxy);
    const sharing: Partial<ServerOptions> = shared
      ? // The adapter option makes one adapter per namespace: /audience crosses processes too.
        { adapter: shared.adapter }
      : {
          // A device that drops for a moment gets what it missed; the token is checked again.
          // Alone, the process keeps what devices missed itself (recovery-adapter.ts says how).
          connectionStateRecovery: {
            maxDisconnectionDuration: 2 * 60_000,
            skipMiddlewares: false,
          },
          adapter: RecoveryAdapter,
        };

    const io: RealtimeServer = new Server(app.server, {
      allowRequest: limits.allowRequest,
      path: '/socket.io',
      serveClient: false,
      pingInterval: HEARTBEAT.pingIntervalMs,
      pingTimeout: HEARTBEAT.pingTimeoutMs,
      ...sharing,
    });
    if (shared) {
      // Events published while this process was not subscribed reached none of its sockets nor
      // feeds: they close, and the devices, pages and overlays reconnect and catch up.
      shared.afterSubscriptionGap(() => {
        app.log.warn('redis subscriptions restored after a gap: live connections reconnect');
        for (const nsp of [io.of('/'), io.of(AUDIENCE_NAMESPACE)]) {
          for (const socket of nsp.sockets.values()) socket.conn.close();
        }
        // The live feeds hear the other processes through Redis too.
        app.feedHub.reconnectAll();
      });
    }

    // In this order: the client's address is read from the request, then the request let go.
    io.engine.on('connection', limits.rememberAddress);
    io.engine.on('connection', releaseUpgradeRequest);
    // Before the token lookup and every other listener, on both namespaces.
    limits.guard(io.of('/'));
    limits.guard(io.of(AUDIENCE_NAMESPACE));

    // Kept current on a slug change here, and on the other processes by a server-side message.
    const slugs = slugDirectory((musicianId) => profile.slugOf(musicianId));
    io.on('slug-changed', (musicianId, slug) => slugs.set(musicianId, slug));
    io.on('request-deleted', (musicianId, requestId) =>
      events.deletedRequests.remember(musicianId, requestId),
    );

    acceptDevices(app, io, slugs);
    const devices = devicePushes({ io, slugs, multiProcess });
    const audience = audiencePushes(app, audienceNamespace(app, io), slugs);
    const feeds = liveFeedPushes({ io, feeds: app.feedHub, redis, log: app.log });
    const audiencesOf = eventAudiences({ devices, audience, feeds, log: app.log });

    events.onEvent((event) => dispatchEvent(event, audiencesOf));
    events.onSessionsRevoked((sessionIds) => devices.endSessions(sessionIds));
    events.onFeedTokensRevoked((tokenIds) => feeds.revoke(tokenIds));

    app.decorate('io', io);
    // Closing Socket.IO first gives devices a recoverable "transport close" and lets Fastify's
    // own close finish instead of waiting on open WebSockets.
    app.addHook('preClose', async () => {
      audience.close();
      await io.close();
    });
    app.addHook('onClose', async () => {
      await redis?.close();
    });
  },
  { name: 'realtime', dependencies: ['services', 'feed-websocket'] },
);
