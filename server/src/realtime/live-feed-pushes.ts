import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedEventMessage } from '#shared/schemas/feed.ts';
import type { FeedConnections } from './feed-websocket-plugin.ts';
import type { RedisClients } from './redis-clients.ts';
import type { RealtimeServer } from './socket-server-types.ts';

/** A feed message as the dispatch builds it; the time is stamped when it is sent. */
export type FeedPush = FeedEventMessage extends infer Message
  ? Message extends unknown
    ? Omit<Message, 'at'>
    : never
  : never;

interface LiveFeedOptions {
  io: RealtimeServer;
  feeds: FeedConnections;
  /** With Redis there are other server processes: messages and revocations go to them too. */
  redis: RedisClients | undefined;
  log: FastifyBaseLogger;
}

/** One sharded channel per musician; the sharded adapter's own channels start with `socket.io`. */
const CHANNEL_PREFIX = 'feed#';
const channelOf = (musicianId: string) => `${CHANNEL_PREFIX}${musicianId}`;

interface Relayed {
  /** The process that sent it, which delivered it to its own feeds already. */
  from: string;
  musicianId: string;
  message: FeedEventMessage;
}

/**
 * What the live feeds (raw WebSockets, for stream overlays) hear: their messages go to the feeds
 * open on this process and, through a sharded channel of the musician's (SPUBLISH), to the
 * processes that hold a feed of that musician: a process subscribes while it holds one
 * (FeedConnections.watch), so the others never hear of it. Revocations are rare and go to every
 * process as a Socket.IO server-side message.
 */
export function liveFeedPushes({ io, feeds, redis, log }: LiveFeedOptions) {
  const self = randomUUID();
  io.on('feed-tokens-revoked', (tokenIds) => feeds.revoke(tokenIds));

  if (redis) {
    const { sub } = redis;
    feeds.watch({
      opened: async (musicianId) => void (await sub.ssubscribe(channelOf(musicianId))),
      closed: (musicianId) => void sub.sunsubscribe(channelOf(musicianId)).catch(() => {}),
    });
    sub.on('smessage', (channel: string, text: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      const relayed = JSON.parse(text) as Relayed;
      if (relayed.from !== self) feeds.deliver(relayed.musicianId, relayed.message);
    });
  }

  return {
    toFeeds(musicianId: string, push: FeedPush): void {
      const message: FeedEventMessage = { ...push, at: new Date().toISOString() };
      feeds.deliver(musicianId, message);
      if (!redis) return;
      const relayed: Relayed = { from: self, musicianId, message };
      redis.pub
        .spublish(channelOf(musicianId), JSON.stringify(relayed))
        .catch((err: unknown) => log.error({ err }, 'could not relay a feed message'));
    },

    /** Revoked one by one, or all of a musician's with the sessions (password change, reset). */
    revoke(tokenIds: string[]): void {
      feeds.revoke(tokenIds);
      if (redis) io.serverSideEmit('feed-tokens-revoked', tokenIds);
    },
  };
}

export type LiveFeedPushes = ReturnType<typeof liveFeedPushes>;
