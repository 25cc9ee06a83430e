import type { Kysely } from 'kysely';
import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';
import { requestsOpen } from '#server/musicians/request-window.ts';
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
      const rows = await db
        .selectFrom('requests')
        .select([
          'id',
          'songTitle',
          'songArtist',
          'requesterName',
          'dedication',
          'status',
          'votes',
          'queuePosition',
          'createdAt',
        ])
        .where('musicianId', '=', musicianId)
        .where('blocked', '=', false)
        .where('status', 'in', OPEN_REQUEST_STATUSES)
        .orderBy((eb) => eb('status', '=', 'up_next'), 'desc')
        .orderBy('queuePosition')
        .orderBy('createdAt')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        song_title: row.songTitle,
        song_artist: row.songArtist,
        requester_name: row.requesterName,
        dedication: row.dedication,
        status: row.status,
        votes: row.votes,
        queue_position: row.queuePosition,
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
