import type { Kysely } from 'kysely';
import { OPEN_REQUEST_STATUSES, type OpenRequestStatus } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';
import { mergeTarget } from '#server/submissions/merge-target.ts';
import { openRequests, type OpenRequest } from '#server/queue/open-requests.ts';

/** The switches of a musician's public screens, by slug. */
export interface PublicQueueMusician {
  id: string;
  slug: string;
  venueScreenEnabled: boolean;
  venueScreenDedications: boolean;
  publicQueue: boolean;
}

/** An open request, as far as a public screen may read it (no email is ever loaded). */
export type OpenRequestRow = Omit<OpenRequest, 'created_at'>;

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
export function publicQueueRepository(db: Kysely<DB>) {
  return {
    async musician(slug: string): Promise<PublicQueueMusician | undefined> {
      return db
        .selectFrom('musicians')
        .select(['id', 'slug', 'venueScreenEnabled', 'venueScreenDedications', 'publicQueue'])
        .where('slug', '=', slug)
        .executeTakeFirst();
    },

    /** Up Next, then waiting, each by queue_position; never a blocked requester's. */
    async open(musicianId: string): Promise<OpenRequestRow[]> {
      const rows = await openRequests(db, musicianId);
      return rows.map(({ created_at: _createdAt, ...row }) => row);
    },

    async voteTarget(requestId: string): Promise<VoteTarget | undefined> {
      // The request, and the open requests of its song with the running show, for mergeTarget.
      const rows = await db
        .selectFrom('requests as r')
        .innerJoin('musicians as m', 'm.id', 'r.musicianId')
        .leftJoin('shows as sh', (join) =>
          join.onRef('sh.musicianId', '=', 'r.musicianId').on('sh.status', '=', 'active'),
        )
        .innerJoin('requests as o', (join) =>
          join
            .onRef('o.musicianId', '=', 'r.musicianId')
            .on((eb) =>
              eb.or([
                eb('o.id', '=', eb.ref('r.id')),
                eb.and([
                  eb('o.songId', '=', eb.ref('r.songId')),
                  eb('o.status', 'in', OPEN_REQUEST_STATUSES),
                ]),
              ]),
            ),
        )
        .select([
          'o.id',
          'r.musicianId',
          'r.songId',
          'r.status',
          'm.publicQueue',
          'o.showId',
          'o.blocked',
          'o.createdAt',
          'o.status as otherStatus',
          'sh.id as runningShowId',
        ])
        .where('r.id', '=', requestId)
        .where('r.blocked', '=', false)
        .execute();
      const asked = rows.find((row) => row.id === requestId);
      if (!asked) return undefined;
      const target = mergeTarget(
        rows
          .filter((row) => OPEN_REQUEST_STATUSES.includes(row.otherStatus as OpenRequestStatus))
          .map((row) => ({
            id: row.id,
            showId: row.showId,
            blocked: row.blocked,
            createdAt: row.createdAt,
          })),
        asked.runningShowId,
      );
      return {
        musicianId: asked.musicianId,
        songId: asked.songId,
        status: asked.status,
        publicQueue: asked.publicQueue,
        joinable: asked.songId !== null && target?.id === requestId,
      };
    },

    async votes(requestId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('requests')
        .select('votes')
        .where('id', '=', requestId)
        .executeTakeFirst();
      return row?.votes;
    },
  };
}

export type PublicQueueRepository = ReturnType<typeof publicQueueRepository>;
