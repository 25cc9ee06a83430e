import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { messages } from '#shared/messages.ts';
import {
  FEED_CLOSE,
  FEED_HEARTBEAT_SECONDS,
  FEED_OPEN_MAX,
  type FeedEventMessage,
} from '#shared/schemas/feed.ts';
import type { FeedService } from './feed-service.ts';
import type { FeedAccess } from './feed-tokens-repository.ts';
import type { FeedTokensService } from './feed-tokens-service.ts';

/** A client this far behind (a stalled stream PC) is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a closing feed may take to answer its close frame when the server stops. */
const CLOSE_GRACE_MS = 1000;

interface FeedConnection {
  socket: WebSocket;
  access: FeedAccess;
  /** Events that came while `hello` was being read; sent right after it, in order. Null once live. */
  waiting: FeedEventMessage[] | null;
  /** What this feed last said of requests_enabled, so `requests.toggled` only says a change. */
  requestsEnabled: boolean | undefined;
  /** Whether the client answered the last ping. */
  alive: boolean;
}

/** Who follows the musicians with a feed open here (realtime/live-feed-pushes.ts). */
interface FeedWatcher {
  opened(musicianId: string): Promise<void>;
  closed(musicianId: string): void;
}

interface Deps {
  feed: FeedService;
  tokens: FeedTokensService;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  maxOpenPerMusician?: number;
}

/** A close reason is at most 123 bytes in the protocol; ours are shorter, this makes sure. */
function closeWith(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState !== socket.OPEN && socket.readyState !== socket.CONNECTING) return;
  socket.close(code, Buffer.from(reason).subarray(0, 123).toString());
}

/**
 * The open feeds of this server process, by musician. Events reach it as feed messages (from
 * this process or, through realtime/live-feed-pushes.ts, from the others); one heartbeat pings
 * every feed, drops the silent ones and closes those whose token was revoked or deleted with its
 * account.
 */
export function feedHub({
  feed,
  tokens,
  log,
  heartbeatMs = FEED_HEARTBEAT_SECONDS * 1000,
  maxOpenPerMusician = FEED_OPEN_MAX,
}: Deps) {
  const byMusician = new Map<string, Set<FeedConnection>>();
  /** Per musician with a feed open: settled once the watcher follows the musician. */
  const following = new Map<string, Promise<void>>();
  let watcher: FeedWatcher | undefined;
  /** Every socket handed to open(), registered yet or not: all are closed when the server stops. */
  const sockets = new Set<WebSocket>();
  let heartbeat: NodeJS.Timeout | undefined;

  const all = () => [...byMusician.values()].flatMap((set) => [...set]);

  function add(connection: FeedConnection) {
    const { musicianId } = connection.access;
    const set = byMusician.get(musicianId) ?? new Set();
    set.add(connection);
    byMusician.set(musicianId, set);
    if (!following.has(musicianId)) {
      const followed = watcher?.opened(musicianId).catch((err: unknown) => {
        log.warn({ err, musicianId }, 'could not follow the feeds of a musician');
      });
      following.set(musicianId, followed ?? Promise.resolve());
    }
    heartbeat ??= setInterval(beat, heartbeatMs).unref();
  }

  function remove(connection: FeedConnection) {
    const set = byMusician.get(connection.access.musicianId);
    set?.delete(connection);
    if (set?.size === 0) {
      byMusician.delete(connection.access.musicianId);
      following.delete(connection.access.musicianId);
      watcher?.closed(connection.access.musicianId);
    }
    if (byMusician.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function send(connection: FeedConnection, message: FeedEventMessage, text: string) {
    if (message.type === 'requests.toggled') {
      if (message.data.requests_enabled === connection.requestsEnabled) return;
      connection.requestsEnabled = message.data.requests_enabled;
    }
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return void socket.terminate();
    socket.send(text);
  }

  function beat() {
    for (const connection of all()) {
      // No pong since the last ping: the client is gone without a word ('close' removes it).
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
    void closeRevoked();
  }

  /** The safety net behind the revocation message: one query for all of this process's feeds. */
  async function closeRevoked() {
    const ids = [...new Set(all().map((connection) => connection.access.tokenId))];
    if (ids.length === 0) return;
    try {
      const valid = await tokens.stillValid(ids);
      revoke(ids.filter((id) => !valid.has(id)));
    } catch (err) {
      log.warn({ err }, 'could not check the tokens of open feeds');
    }
  }

  function revoke(tokenIds: readonly string[]) {
    if (tokenIds.length === 0) return;
    const gone = new Set(tokenIds);
    for (const connection of all()) {
      if (!gone.has(connection.access.tokenId)) continue;
      closeWith(connection.socket, FEED_CLOSE.tokenRefused, messages.feedTokenInvalid);
      remove(connection);
    }
  }

  return {
    /**
     * A feed connected with this token (undefined when none was sent): checked, registered, told
     * `hello`, then live. Registered before `hello` is read, so no event falls in between.
     */
    async open(socket: WebSocket, token: string | undefined): Promise<void> {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // The feed is read-only: whatever a client sends is ignored (the server caps its size).
      socket.on('message', () => {});
      if (!token) return closeWith(socket, FEED_CLOSE.tokenRefused, messages.feedTokenMissing);
      let connection: FeedConnection | undefined;
      try {
        const access = await tokens.authenticate(token);
        if (!access) return closeWith(socket, FEED_CLOSE.tokenRefused, messages.feedTokenInvalid);
        if (socket.readyState !== socket.OPEN) return;
        if ((byMusician.get(access.musicianId)?.size ?? 0) >= maxOpenPerMusician) {
          return closeWith(socket, FEED_CLOSE.tooManyFeeds, messages.feedTooManyOpen);
        }
        const live: FeedConnection = {
          socket,
          access,
          waiting: [],
          requestsEnabled: undefined,
          alive: true,
        };
        connection = live;
        add(live);
        socket.on('close', () => remove(live));
        socket.on('pong', () => (live.alive = true));
        // Events from the other processes reach this one from here on.
        await following.get(access.musicianId);

        const hello = await feed.hello(access);
        if (!hello) {
          remove(live);
          return closeWith(socket, FEED_CLOSE.tokenRefused, messages.feedTokenInvalid);
        }
        if (socket.readyState !== socket.OPEN) return;
        live.requestsEnabled = hello.data.requests_enabled;
        socket.send(JSON.stringify(hello));
        const waiting = live.waiting ?? [];
        live.waiting = null;
        for (const message of waiting) send(live, message, JSON.stringify(message));
      } catch (err) {
        log.error({ err }, 'could not open a feed');
        if (connection) remove(connection);
        closeWith(socket, FEED_CLOSE.internalError, messages.internalError);
      }
    },

    /** One event for one musician's feeds on this process. */
    deliver(musicianId: string, message: FeedEventMessage): void {
      const set = byMusician.get(musicianId);
      if (!set) return;
      const text = JSON.stringify(message);
      for (const connection of set) {
        if (connection.waiting) connection.waiting.push(message);
        else send(connection, message, text);
      }
    },

    /** Closes every feed open with these tokens (code 4401). */
    revoke,

    /**
     * Events for these feeds may have been lost (a Redis subscription was cut): each is closed with
     * 1012 and reconnects, and its `hello` says the state as it is now. Each stays registered until
     * its close completes, so a musician's channel is not left and followed again meanwhile.
     */
    reconnectAll(): void {
      for (const { socket } of all()) {
        closeWith(socket, FEED_CLOSE.reconnectForState, messages.feedReconnectForState);
      }
    },

    /** Feeds open on this process for the musician. */
    openCount(musicianId: string): number {
      return byMusician.get(musicianId)?.size ?? 0;
    },

    openTotal(): number {
      let total = 0;
      for (const set of byMusician.values()) total += set.size;
      return total;
    },

    watch(next: FeedWatcher): void {
      watcher = next;
    },

    /** The server is stopping: every feed is told (1001), and dropped if it does not answer. */
    async close(): Promise<void> {
      clearInterval(heartbeat);
      heartbeat = undefined;
      byMusician.clear();
      following.clear();
      const open = [...sockets];
      const closed = open.map(
        (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
      );
      for (const socket of open) {
        closeWith(socket, FEED_CLOSE.serverRestarting, messages.feedServerRestarting);
      }
      const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
      await Promise.race([Promise.all(closed), grace]);
      for (const socket of open) socket.terminate();
    },
  };
}

export type FeedHub = ReturnType<typeof feedHub>;
