import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { musicians, requests } from '#server/db/schema.ts';
import type { FeedRequestSource } from '#server/realtime/feed-messages.ts';

export interface FeedMusician {
  name: string;
  slug: string;
  requests_enabled: boolean;
}

/** What `hello` reads: only the public columns, so no email is ever loaded for a feed. */
export function feedRepository(db: Db) {
  return {
    async musician(musicianId: string): Promise<FeedMusician | undefined> {
      const [row] = await db
        .select({
          name: musicians.name,
          slug: musicians.slug,
          // The Requests switch, inside the request window (musicians/request-window.ts).
          requests_enabled: sql<boolean>`${musicians.requestsEnabled}
            AND (${musicians.requestsOpenAt} IS NULL OR ${musicians.requestsOpenAt} <= now())
            AND (${musicians.requestsCloseAt} IS NULL OR now() < ${musicians.requestsCloseAt})`,
        })
        .from(musicians)
        .where(eq(musicians.id, musicianId));
      return row;
    },

    /** Up Next, then pending and accepted, each in the queue's order; never a blocked requester's. */
    async queue(musicianId: string, limit: number): Promise<FeedRequestSource[]> {
      const rows = await db
        .select({
          id: requests.id,
          song_title: requests.songTitle,
          song_artist: requests.songArtist,
          requester_name: requests.requesterName,
          dedication: requests.dedication,
          status: requests.status,
          votes: requests.votes,
          queue_position: requests.queuePosition,
          created_at: requests.createdAt,
        })
        .from(requests)
        .where(
          and(
            eq(requests.musicianId, musicianId),
            eq(requests.blocked, false),
            inArray(requests.status, OPEN_REQUEST_STATUSES),
          ),
        )
        .orderBy(
          desc(sql`${requests.status} = 'up_next'`),
          asc(requests.queuePosition),
          asc(requests.createdAt),
          asc(requests.id),
        )
        .limit(limit);
      return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
