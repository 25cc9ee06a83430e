import { FEED_QUEUE_MAX, type FeedHelloMessage } from '#shared/schemas/feed.ts';
import { toFeedRequest } from '#server/realtime/feed-messages.ts';
import type { FeedRepository } from './feed-repository.ts';
import type { FeedAccess, FeedTokensRepository } from './feed-tokens-repository.ts';

interface Deps {
  feed: FeedRepository;
  tokens: FeedTokensRepository;
}

/** What a feed is told when it opens. */
export function feedService({ feed, tokens }: Deps) {
  return {
    /**
     * The `hello` of a feed opening with this token: who it follows, whether requests are on and
     * the queue. Undefined when the token went in the meantime (revoked between the check and
     * now), so a feed never starts on a dead token. Opening counts as a use of the token.
     */
    async hello(access: FeedAccess, at = new Date()): Promise<FeedHelloMessage | undefined> {
      const [valid, musician, queue] = await Promise.all([
        tokens.touch([access.tokenId]),
        feed.musician(access.musicianId),
        feed.queue(access.musicianId, FEED_QUEUE_MAX),
      ]);
      if (valid.length === 0 || !musician) return undefined;
      return {
        type: 'hello',
        at: at.toISOString(),
        data: {
          musician: { name: musician.name, slug: musician.slug },
          requests_enabled: musician.requests_enabled,
          queue: queue.map(toFeedRequest),
        },
      };
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;
