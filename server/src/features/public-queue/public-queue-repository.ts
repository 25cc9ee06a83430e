import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type OpenRequestStatus } from '#shared/schemas/request.ts';
import type { Db } from '#server/db/database.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { musicians, requests } from '#server/db/schema.ts';

/** The switches of a musician's public screens, by slug. */
export interface PublicQueueMusician {
  id: string;
  slug: string;
  venueScreenEnabled: boolean;
  venueScreenDedications: boolean;
  publicQueue: boolean;
}

/** An open request, as far as a public screen may read it (no email is ever loaded). */
export interface OpenRequestRow {
  id: string;
  song_title: string;
  song_artist: string;
  requester_name: string;
  dedication: string;
  votes: number;
  status: OpenRequestStatus;
  queue_position: number | null;
}

/** What a +1 needs to know of the request it is for. */
export interface VoteTarget {
  musicianId: string;
  songId: string | null;
  status: string;
  publicQueue: boolean;
  /**
   * The request a request of its song would join now: the oldest open one of the song in the
   * running show (submit_request's merge target). A +1 on any other would file a new request.
   */
  joinable: boolean;
}

/** The public reads of the queue: the venue screen (§5) and the queue in the open (§6). */
export function publicQueueRepository(db: Db) {
  return {
    async musician(slug: string): Promise<PublicQueueMusician | undefined> {
      const [row] = await db
        .select({
          id: musicians.id,
          slug: musicians.slug,
          venueScreenEnabled: musicians.venueScreenEnabled,
          venueScreenDedications: musicians.venueScreenDedications,
          publicQueue: musicians.publicQueue,
        })
        .from(musicians)
        .where(eq(musicians.slug, slug));
      return row;
    },

    /** Up Next, then waiting, each by queue_position; never a blocked requester's. */
    async open(musicianId: string): Promise<OpenRequestRow[]> {
      return db
        .select({
          id: requests.id,
          song_title: requests.songTitle,
          song_artist: requests.songArtist,
          requester_name: requests.requesterName,
          dedication: requests.dedication,
          votes: requests.votes,
          status: sql<OpenRequestStatus>`${requests.status}`,
          queue_position: requests.queuePosition,
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
        );
    },

    async voteTarget(requestId: string): Promise<VoteTarget | undefined> {
      const result = await db.execute(sql`
        select r.musician_id as "musicianId", r.song_id as "songId", r.status,
          m.public_queue as "publicQueue",
          r.song_id is not null and r.id = (
            select o.id from requests o
            where o.musician_id = r.musician_id and o.song_id = r.song_id
              and o.status in ('pending', 'accepted', 'up_next') and not o.blocked
              and o.show_id is not distinct from (
                select s.id from shows s where s.musician_id = r.musician_id and s.status = 'active'
                limit 1)
            order by o.created_at, o.id limit 1
          ) as joinable
        from requests r join musicians m on m.id = r.musician_id
        where r.id = ${requestId}::uuid and not r.blocked`);
      return rowsOf<VoteTarget>(result)[0];
    },

    async votes(requestId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ votes: requests.votes })
        .from(requests)
        .where(eq(requests.id, requestId));
      return row?.votes;
    },
  };
}

export type PublicQueueRepository = ReturnType<typeof publicQueueRepository>;
