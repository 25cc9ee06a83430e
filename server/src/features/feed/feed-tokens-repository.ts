import type { Kysely, Selectable } from 'kysely';
import { creationTime } from '#server/db/creation-clock.ts';
import type { DB, FeedTokensTable } from '#server/db/tables.ts';

export type FeedTokenRow = Selectable<FeedTokensTable>;

/** Whose feed a token opens. */
export interface FeedAccess {
  tokenId: string;
  musicianId: string;
}

export function feedTokensRepository(db: Kysely<DB>) {
  return {
    async list(musicianId: string): Promise<FeedTokenRow[]> {
      return db
        .selectFrom('feedTokens')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    async insert(token: { musicianId: string; name: string; tokenHash: string }) {
      return (
        db
          .insertInto('feedTokens')
          // The list is in the order the tokens were made: see creation-clock.ts.
          .values({ ...token, createdAt: creationTime() })
          .returning('id')
          .executeTakeFirstOrThrow()
      );
    },

    /** Deletes the musician's token; false when it is not theirs (or gone already). */
    async remove(musicianId: string, id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('feedTokens')
        .where('id', '=', id)
        .where('musicianId', '=', musicianId)
        .returning('id')
        .executeTakeFirst();
      return deleted !== undefined;
    },

    async findByHash(tokenHash: string): Promise<FeedAccess | undefined> {
      return db
        .selectFrom('feedTokens')
        .select(['id as tokenId', 'musicianId'])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Notes that these tokens are in use now, and answers the ones that still exist: one
     * statement both keeps last_used_at current for open feeds and finds the revoked ones.
     */
    async touch(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('feedTokens')
        .set({ lastUsedAt: new Date() })
        .where('id', 'in', ids)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type FeedTokensRepository = ReturnType<typeof feedTokensRepository>;
