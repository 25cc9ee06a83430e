import type { FeedEventMessage } from '#shared/schemas/feed.ts';
import type { FeedConnections } from './feed-websocket-plugin.ts';
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
  /** With REDIS_URL there are other server processes: events and revocations go to them too. */
  multiProcess: boolean;
}

/**
 * What the live feeds (raw WebSockets, for stream overlays) hear: their messages go to the feeds
 * open on this process and, through Socket.IO's server-side messages, on the others.
 */
export function liveFeedPushes({ io, feeds, multiProcess }: LiveFeedOptions) {
  io.on('feed-message', (musicianId, message) => feeds.deliver(musicianId, message));
  io.on('feed-tokens-revoked', (tokenIds) => feeds.revoke(tokenIds));

  return {
    toFeeds(musicianId: string, push: FeedPush): void {
      const message: FeedEventMessage = { ...push, at: new Date().toISOString() };
      feeds.deliver(musicianId, message);
      if (multiProcess) io.serverSideEmit('feed-message', musicianId, message);
    },

    /** Revoked one by one, or all of a musician's with the sessions (password change, reset). */
    revoke(tokenIds: string[]): void {
      feeds.revoke(tokenIds);
      if (multiProcess) io.serverSideEmit('feed-tokens-revoked', tokenIds);
    },
  };
}

export type LiveFeedPushes = ReturnType<typeof liveFeedPushes>;
