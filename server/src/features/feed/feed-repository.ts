import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import { requestsOpen } from '#server/musicians/request-window.ts';
import { openRequests } from '#server/queue/open-requests.ts';
import type { FeedRequestSource } from '#server/realtime/feed-messages.ts';

export interface FeedMusician {
  name: string;
  slug: string;
  requests_enabled: boolean;
}

/** What `hello` reads: only the public columns, so no email is ever loaded for a feed. */
export function feedRepository(db: Kysely<DB>) {
  return {
    async musician(musicianId: string): Promise<FeedMusician | undefined> {
      const row = await db
        .selectFrom('musicians')
        .select(['name', 'slug', 'requestsEnabled', 'requestsOpenAt', 'requestsCloseAt'])
        .where('id', '=', musicianId)
        .executeTakeFirst();
      return (
        row && {
          name: row.name,
          slug: row.slug,
          // The Requests switch, inside the request window.
          requests_enabled: requestsOpen(row, new Date()),
        }
      );
    },

    /** Up Next, then pending and accepted, each in the queue's order; never a blocked requester's. */
    async queue(musicianId: string, limit: number): Promise<FeedRequestSource[]> {
      return openRequests(db, musicianId, limit);
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
