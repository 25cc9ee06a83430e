import { messages } from '#shared/messages.ts';
import {
  FEED_TOKENS_MAX,
  type CreatedFeedToken,
  type CreateFeedTokenBody,
  type FeedToken,
} from '#shared/schemas/feed.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { hashSecret, newSessionToken } from '#server/credentials/secrets.ts';
import type { FeedAccess, FeedTokenRow, FeedTokensRepository } from './feed-tokens-repository.ts';

interface Deps {
  tokens: FeedTokensRepository;
  /** Told when tokens go, so the feeds open with them close at once (live-feed-pushes.ts). */
  events: Pick<DomainEvents, 'feedTokensRevoked'>;
}

const DEFAULT_NAME = /^Live feed (\d+)$/;

/** "Live feed N", N one more than the highest such name still listed. */
function defaultName(rows: readonly FeedTokenRow[]): string {
  const numbers = rows.map((row) => Number(DEFAULT_NAME.exec(row.name)?.[1] ?? 0));
  return `Live feed ${Math.max(0, ...numbers) + 1}`;
}

/** The listed token: never the token or its hash. */
function toFeedToken(row: FeedTokenRow): FeedToken {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Feed tokens: read-only keys to a musician's live feed, for screens and gadgets that cannot
 * sign in. Only the SHA-256 of a token is stored (the same as sessions and pairing codes).
 */
export function feedTokensService({ tokens, events }: Deps) {
  return {
    async list(musicianId: string): Promise<FeedToken[]> {
      return (await tokens.list(musicianId)).map(toFeedToken);
    },

    /** A new token, answered this once. */
    async create(musicianId: string, body: CreateFeedTokenBody): Promise<CreatedFeedToken> {
      const existing = await tokens.list(musicianId);
      if (existing.length >= FEED_TOKENS_MAX) throw conflict(messages.feedTokensLimit);
      const token = newSessionToken();
      const { id } = await tokens.insert({
        musicianId,
        name: body.name || defaultName(existing),
        tokenHash: hashSecret(token),
      });
      return { id, token };
    },

    /** Deletes the token; every feed open with it closes at once, on every server process. */
    async revoke(musicianId: string, id: string): Promise<void> {
      if (!(await tokens.remove(musicianId, id))) throw notFound(messages.feedTokenNotFound);
      events.feedTokensRevoked([id]);
    },

    /** Whose feed this token opens; undefined when it is wrong or was revoked. */
    async authenticate(token: string): Promise<FeedAccess | undefined> {
      return tokens.findByHash(hashSecret(token));
    },

    /** Marks the tokens of open feeds as used now; answers those that still exist. */
    async stillValid(tokenIds: readonly string[]): Promise<Set<string>> {
      return new Set(await tokens.touch(tokenIds));
    },
  };
}

export type FeedTokensService = ReturnType<typeof feedTokensService>;
