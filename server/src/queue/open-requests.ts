import type { Kysely } from 'kysely';
import { OPEN_REQUEST_STATUSES, type OpenRequestStatus } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';

/** An open request as the public reads show it: no email, no device, nothing personal. */
export interface OpenRequest {
  id: string;
  song_title: string;
  song_artist: string;
  requester_name: string;
  dedication: string;
  votes: number;
  status: OpenRequestStatus;
  queue_position: number | null;
  created_at: string;
}

/**
 * The musician's open requests in the queue's order, Up Next first, then waiting, each by
 * queue_position; never a blocked requester's. One read for the venue screen, the queue in the
 * open and the live feed, so they can never disagree on the order.
 */
export async function openRequests(
  db: Kysely<DB>,
  musicianId: string,
  limit?: number,
): Promise<OpenRequest[]> {
  let query = db
    .selectFrom('requests')
    .select([
      'id',
      'songTitle',
      'songArtist',
      'requesterName',
      'dedication',
      'votes',
      'status',
      'queuePosition',
      'createdAt',
    ])
    .where('musicianId', '=', musicianId)
    .where('blocked', '=', false)
    .where('status', 'in', OPEN_REQUEST_STATUSES)
    .orderBy((eb) => eb.case().when('status', '=', 'up_next').then(0).else(1).end())
    .orderBy('queuePosition')
    .orderBy('createdAt')
    .orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    song_title: row.songTitle,
    song_artist: row.songArtist,
    requester_name: row.requesterName,
    dedication: row.dedication,
    votes: row.votes,
    status: row.status as OpenRequestStatus,
    queue_position: row.queuePosition,
    created_at: row.createdAt.toISOString(),
  }));
}
