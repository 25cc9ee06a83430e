import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { requests, requestVoters } from '#server/db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A blocked person's waiting requests that others joined (+1) stay the others' request: the
 * earliest remaining +1 becomes its requester (their name, email, dedication, phone, status
 * token and Idempotency-Key move into the request row, and their +1 goes), so the musician keeps
 * seeing the song once, with the others' votes and tips only. The blocked person's own
 * submission moves to a hidden row of its own (blocked = true) with their key and status token:
 * their status link and retries keep answering it, frozen at the status it had, as for any
 * blocked person's request. Their +1s must already be gone (so no one blocked is promoted).
 * Returns the ids of the requests that changed hands.
 */
export async function promoteNextRequesters(
  tx: Tx,
  musicianId: string,
  theirs: SQL,
): Promise<string[]> {
  // Spelled out: inside a selected expression drizzle names a column without its table, and
  // "id" in these subqueries would be the voter's.
  const requestId = sql`${requests}.id`;
  const joined = await tx
    .select({
      request: requests,
      nextVoterId: sql<string>`(SELECT v.id FROM ${requestVoters} v
        WHERE v.request_id = ${requestId} ORDER BY v.created_at, v.id LIMIT 1)`,
      // The request row holds everyone's tips; theirs is what the +1s did not add.
      ownTip: sql<number>`greatest(${requests.tipAmount} - (SELECT sum(v.tip_amount)
        FROM ${requestVoters} v WHERE v.request_id = ${requestId}), 0)`.mapWith(Number),
    })
    .from(requests)
    .where(
      and(
        eq(requests.musicianId, musicianId),
        eq(requests.blocked, false),
        inArray(requests.status, OPEN_REQUEST_STATUSES),
        theirs,
        exists(tx.select().from(requestVoters).where(eq(requestVoters.requestId, requests.id))),
      ),
    )
    .for('update');
  if (joined.length === 0) return [];

  // One statement: every sub-statement sees the voters as they were, so the counts include the
  // +1 being promoted, which is exactly "the remaining +1s, plus the new requester".
  const nextIds = joined.map((row) => row.nextVoterId);
  await tx.execute(sql`
    WITH next AS (
      DELETE FROM ${requestVoters} WHERE id IN ${nextIds} RETURNING *
    ), joiners AS (
      SELECT request_id, count(*)::int AS n, sum(tip_amount) AS tips
      FROM ${requestVoters} WHERE request_id IN (SELECT request_id FROM next)
      GROUP BY request_id
    )
    UPDATE ${requests} r
    SET requester_name = next.requester_name, requester_email = next.requester_email,
      dedication = next.dedication, device_id = next.device_id,
      idempotency_key = next.idempotency_key, status_token_hash = next.status_token_hash,
      votes = joiners.n, tip_amount = least(joiners.tips, 500), updated_at = now()
    FROM next JOIN joiners USING (request_id)
    WHERE r.id = next.request_id`);

  // Their key and token left the request row above, so the unique indexes let them move here.
  await tx.insert(requests).values(
    joined.map(({ request, ownTip }) => ({
      musicianId: request.musicianId,
      songId: request.songId,
      showId: request.showId,
      songTitle: request.songTitle,
      songArtist: request.songArtist,
      requesterName: request.requesterName,
      requesterEmail: request.requesterEmail,
      dedication: request.dedication,
      status: request.status,
      tipAmount: ownTip,
      idempotencyKey: request.idempotencyKey,
      statusTokenHash: request.statusTokenHash,
      deviceId: request.deviceId,
      votes: 1,
      blocked: true,
      createdAt: request.createdAt,
    })),
  );
  return joined.map((row) => row.request.id);
}
