import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { messages } from '#shared/messages.ts';
import type { FeedEventMessage } from '#shared/schemas/feed.ts';
import {
  AUDIENCE_NAMESPACE,
  musicianRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '#shared/realtime.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import type { SocketLimits } from '../config.ts';
import type { ProxyTrust } from '../http/client-address.ts';
import { withoutEmails, type Session } from '../http/session.ts';
import { audienceNamespace } from './audience-namespace.ts';
import { RecoveryAdapter } from './recovery-adapter.ts';
import { releaseUpgradeRequest } from './engine-memory.ts';
import { disconnectAtExpiry } from './session-expiry.ts';
import { slugDirectory } from './slug-directory.ts';
import { socketLimits } from './socket-limits.ts';

interface SocketData {
  session: Session;
  slug: string;
}

/** Messages between server processes (through the Redis adapter when there are several). */
interface InterServerEvents {
  'slug-changed': (musicianId: string, slug: string) => void;
  /** A request deleted on another process: polling devices here must learn it too. */
  'request-deleted': (musicianId: string, requestId: string) => void;
  /** An event for the raw WebSocket feeds (features/feed) open on the other processes. */
  'feed-message': (musicianId: string, message: FeedEventMessage) => void;
  /** Feed tokens revoked: their feeds close on every process at once. */
  'feed-tokens-revoked': (tokenIds: string[]) => void;
}

/**
 * Engine.IO's heartbeat. Every connected device, idle or not, is pinged once per interval; at 45 s
 * instead of Socket.IO's 25 s, 10,000 idle devices cost the server under 3 % of a core (README,
 * Benchmark). A device that vanishes without a word is noticed within interval + timeout (65 s);
 * one that closes its connection or goes offline is noticed at once. Proxies in front must let
 * a connection idle for longer than that (deploy/haproxy.cfg).
 */
export const HEARTBEAT = { pingIntervalMs: 45_000, pingTimeoutMs: 20_000 };

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

// Internal rooms, never named by a client: one per session (to end it) and per musician id (to
// move a musician's devices when the slug, and so the public room name, changes).
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const musicianIdRoom = (musicianId: string) => `musician-id:${musicianId}`;
// A paired stage device does not join the musician's room: it gets only what the On Stage
// screen shows, without emails, in a room of its own (by id, so a slug change does not move it).
const stageRoom = (musicianId: string) => `stage:${musicianId}`;
const STAGE_EVENTS: ReadonlySet<DomainEvent['name']> = new Set([
  'request:created',
  'request:updated',
  'request:deleted',
  'show:updated',
  'profile:updated',
]);

interface RealtimeOptions {
  redisUrl: string | undefined;
  /** The proxies trusted to name the client (TRUST_PROXY), as the HTTP routes use them. */
  trustProxy: ProxyTrust | false;
  socketLimits: SocketLimits;
}

/**
 * Socket.IO on Fastify's own HTTP server. A musician device connects with `auth: { token }` and
 * joins `musician:<slug>`; domain events, published after their transaction commits, are sent to
 * that room. The public audience namespace (audience-namespace.ts) hangs off the same server.
 * With REDIS_URL the streams adapter carries them to every server process.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: RealtimeOptions) => {
    const { auth, profile, events } = app.services;
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false })
      : undefined;
    redis?.on('error', (err) => app.log.error({ err }, 'redis connection error'));
    const limits = socketLimits(options.socketLimits, options.trustProxy);

    const io: RealtimeServer = new Server(app.server, {
      allowRequest: limits.allowRequest,
      path: '/socket.io',
      serveClient: false,
      pingInterval: HEARTBEAT.pingIntervalMs,
      pingTimeout: HEARTBEAT.pingTimeoutMs,
      // A device that drops for a moment gets what it missed; the token is checked again.
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
      // The adapter option makes one adapter per namespace: /audience crosses processes too.
      // Alone, the process keeps what devices missed itself (recovery-adapter.ts says how).
      adapter: redis ? createAdapter(redis) : RecoveryAdapter,
    });

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

    io.use(async (socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token === '')
        return next(new Error(messages.socketAuthMissing));
      try {
        const session = await auth.authenticate(token);
        const slug = session && (await profile.slugOf(session.musicianId));
        if (!session || !slug) return next(new Error(messages.sessionExpired));
        if (session.stageDeviceId) app.services.stageDevices.seen(session.stageDeviceId);
        socket.data.session = session;
        socket.data.slug = slug;
        slugs.set(session.musicianId, slug);
        // Nothing reads the token again (a recovered connection brings a new handshake): it need
        // not sit in memory for the rest of the show.
        socket.handshake.auth = {};
        next();
      } catch (err) {
        app.log.error({ err }, 'socket authentication failed');
        next(new Error(messages.internalError));
      }
    });

    io.on('connection', (socket) => {
      // Over the limit of its address (socket-limits.ts).
      if (!socket.connected) return;
      const { session, slug } = socket.data;
      disconnectAtExpiry(socket, session.expiresAt);
      if (session.scope === 'stage') {
        void socket.join([stageRoom(session.musicianId), sessionRoom(session.sessionId)]);
        return;
      }
      // A recovered socket comes back with its old rooms; the slug may have changed meanwhile.
      for (const room of socket.rooms) {
        if (room.startsWith('musician:') && room !== musicianRoom(slug)) void socket.leave(room);
      }
      void socket.join([
        musicianRoom(slug),
        sessionRoom(session.sessionId),
        musicianIdRoom(session.musicianId),
      ]);
    });

    const emitTo = (slug: string, event: DomainEvent) =>
      io.to(musicianRoom(slug)).emit(event.name, ...([event.payload] as [never]));
    const failed = (event: DomainEvent) => (err: unknown) =>
      app.log.error({ err, event: event.name }, 'could not push event');

    events.onEvent((event) => {
      if (event.name === 'request:deleted' && redis) {
        io.serverSideEmit('request-deleted', event.musicianId, event.payload.id);
      }
      if (STAGE_EVENTS.has(event.name)) {
        io.to(stageRoom(event.musicianId)).emit(
          event.name,
          ...([withoutEmails(event.payload)] as [never]),
        );
      }
      if (
        event.name === 'profile:updated' &&
        slugs.known(event.musicianId) !== event.payload.slug
      ) {
        const { slug } = event.payload;
        slugs.set(event.musicianId, slug);
        // Other processes exist only with the Redis adapter (the in-memory one would only warn).
        if (redis) io.serverSideEmit('slug-changed', event.musicianId, slug);
        moveToSlug(event.musicianId, slug).then(() => emitTo(slug, event), failed(event));
        return;
      }
      // Emitted synchronously when the slug is known, so events keep their order.
      const known = slugs.known(event.musicianId);
      if (known) return void emitTo(known, event);
      slugs.resolve(event.musicianId).then((slug) => slug && emitTo(slug, event), failed(event));
    });

    const audience = audienceNamespace(app, io, slugs);

    events.onSessionsRevoked((sessionIds) => {
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    });

    /** Moves every device of the musician, on every process, into the room of the new slug. */
    async function moveToSlug(musicianId: string, slug: string) {
      const sockets = await io.in(musicianIdRoom(musicianId)).fetchSockets();
      for (const socket of sockets) {
        const stale = [...socket.rooms].filter(
          (room) => room.startsWith('musician:') && room !== musicianRoom(slug),
        );
        if (stale.length === 0) continue;
        for (const room of stale) socket.leave(room);
        socket.join(musicianRoom(slug));
      }
    }

    app.decorate('io', io);
    // Closing Socket.IO first gives devices a recoverable "transport close" and lets Fastify's
    // own close finish instead of waiting on open WebSockets.
    app.addHook('preClose', async () => {
      audience.close();
      await io.close();
    });
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => {});
    });
  },
  { name: 'realtime', dependencies: ['services'] },
);
