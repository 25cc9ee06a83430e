import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { requestClicks, requests, requestVoters, shows } from '#server/db/schema.ts';
import type { VoterRow } from './request-mapper.ts';

/** A blocked requester's requests exist only for them: no musician query ever reads them. */
export const visible = eq(requests.blocked, false);

/** The columns of a request as the API shows it: with its show's name and its social clicks. */
export const requestColumns = {
  id: requests.id,
  song_id: requests.songId,
  song_title: requests.songTitle,
  song_artist: requests.songArtist,
  requester_name: requests.requesterName,
  requester_email: requests.requesterEmail,
  dedication: requests.dedication,
  status: requests.status,
  tip_amount: requests.tipAmount,
  tip_clicked: requests.tipClicked,
  social_clicks: sql<string[]>`coalesce((
    select array_agg(${requestClicks.platform} order by ${requestClicks.createdAt})
    from ${requestClicks}
    where ${requestClicks.requestId} = ${requests.id} and ${requestClicks.type} = 'social'
  ), '{}')`,
  show_id: requests.showId,
  show_name: shows.name,
  created_at: requests.createdAt,
  updated_at: requests.updatedAt,
  votes: requests.votes,
  queue_position: requests.queuePosition,
  voters: sql<VoterRow[]>`coalesce((
    select json_agg(json_build_object('requester_name', v.requester_name,
      'dedication', v.dedication, 'tip_amount', v.tip_amount, 'created_at', v.created_at)
      order by v.created_at, v.id)
    from ${requestVoters} v
    where v.request_id = ${requests.id}
  ), '[]'::json)`,
};

/** Requests as the API shows them, from the database or from inside a transaction. */
export const selectRequestsFrom = (db: Db) =>
  db.select(requestColumns).from(requests).leftJoin(shows, eq(shows.id, requests.showId));
