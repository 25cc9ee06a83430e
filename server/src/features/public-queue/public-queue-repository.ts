import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type OpenRequestStatus } from '#shared/schemas/request.ts';
import type { Db } from '#server/db/database.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { musicians, requests } from '#server/db/schema.ts';
import { mergeTarget } from '#server/submissions/merge-target.ts';

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
   * running show (submissions/merge-target.ts). A +1 on any other would file a new request.
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
      // The request, and the open requests of its song with the running show, for mergeTarget.
      const rows = rowsOf<{
        id: string;
        musician_id: string;
        song_id: string | null;
        status: string;
        public_queue: boolean;
        show_id: string | null;
        blocked: boolean;
        created_at: Date | string;
        running_show_id: string | null;
      }>(
        await db.execute(sql`
          select o.id, r.musician_id, r.song_id, r.status, m.public_queue, o.show_id, o.blocked,
            o.created_at, sh.id as running_show_id
          from requests r
          join musicians m on m.id = r.musician_id
          left join shows sh on sh.musician_id = r.musician_id and sh.status = 'active'
          join requests o on o.musician_id = r.musician_id
            and (o.id = r.id or (o.song_id = r.song_id
              and o.status in ('pending', 'accepted', 'up_next')))
          where r.id = ${requestId} and not r.blocked`),
      );
      const [asked] = rows.filter((row) => row.id === requestId);
      if (!asked) return undefined;
      const target = mergeTarget(
        rows
          .filter((row) => OPEN_REQUEST_STATUSES.includes(row.status as OpenRequestStatus))
          .map((row) => ({
            id: row.id,
            showId: row.show_id,
            blocked: row.blocked,
            createdAt: new Date(row.created_at),
          })),
        asked.running_show_id,
      );
      return {
        musicianId: asked.musician_id,
        songId: asked.song_id,
        status: asked.status,
        publicQueue: asked.public_queue,
        joinable: asked.song_id !== null && target?.id === requestId,
      };
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
