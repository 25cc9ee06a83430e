import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { feedTokens } from '#server/db/schema.ts';

export type FeedTokenRow = typeof feedTokens.$inferSelect;

/** Whose feed a token opens. */
export interface FeedAccess {
  tokenId: string;
  musicianId: string;
}

export function feedTokensRepository(db: Db) {
  return {
    async list(musicianId: string): Promise<FeedTokenRow[]> {
      return db
        .select()
        .from(feedTokens)
        .where(eq(feedTokens.musicianId, musicianId))
        .orderBy(asc(feedTokens.createdAt), asc(feedTokens.id));
    },

    async insert(token: { musicianId: string; name: string; tokenHash: string }) {
      const [row] = await db.insert(feedTokens).values(token).returning({ id: feedTokens.id });
      return row!;
    },

    /** Deletes the musician's token; false when it is not theirs (or gone already). */
    async remove(musicianId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(feedTokens)
        .where(and(eq(feedTokens.id, id), eq(feedTokens.musicianId, musicianId)))
        .returning({ id: feedTokens.id });
      return deleted.length > 0;
    },

    async findByHash(tokenHash: string): Promise<FeedAccess | undefined> {
      const [row] = await db
        .select({ tokenId: feedTokens.id, musicianId: feedTokens.musicianId })
        .from(feedTokens)
        .where(eq(feedTokens.tokenHash, tokenHash));
      return row;
    },

    /**
     * Notes that these tokens are in use now, and answers the ones that still exist: one
     * statement both keeps last_used_at current for open feeds and finds the revoked ones.
     */
    async touch(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(feedTokens)
        .set({ lastUsedAt: new Date() })
        .where(inArray(feedTokens.id, [...ids]))
        .returning({ id: feedTokens.id });
      return rows.map((row) => row.id);
    },
  };
}

export type FeedTokensRepository = ReturnType<typeof feedTokensRepository>;
