import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { requests } from '#server/db/schema.ts';

export function subscriptionRepository(db: Db) {
  return {
    /** Requests the musician received since `since` (the start of the month). */
    async requestsSince(musicianId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ used: sql<number>`coalesce(sum(${requests.votes}), 0)::int` })
        .from(requests)
        .where(
          and(
            eq(requests.musicianId, musicianId),
            gte(requests.createdAt, since),
            eq(requests.blocked, false),
          ),
        );
      return Number(row?.used ?? 0);
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof subscriptionRepository>;
