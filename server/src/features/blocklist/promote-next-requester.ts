import type { Transaction } from 'kysely';
import type { DB, RequestVoter, SongRequest } from '#server/db/tables.ts';
import { tipsAddedUp } from '#server/submissions/request-tips.ts';

/** One of the blocked person's waiting requests, with the +1s of others on it, oldest first. */
export interface JoinedRequest {
  request: SongRequest;
  voters: readonly RequestVoter[];
}

/** Everyone's tips together, within the most a request may hold. */
export const tipsOf = (voters: readonly RequestVoter[]): number =>
  voters.reduce((total, voter) => tipsAddedUp(total, Number(voter.tipAmount)), 0);

/** What is left of `amount` once `taken` is gone, in whole cents, never below 0. */
export const tipsLess = (amount: number, taken: number): number =>
  Math.max(Math.round(amount * 100) - Math.round(taken * 100), 0) / 100;

/**
 * A blocked person's waiting requests that others joined (+1) stay the others' request: the
 * earliest remaining +1 becomes its requester (their name, email, dedication, phone, status
 * token and Idempotency-Key move into the request row, and their +1 goes), so the musician keeps
 * seeing the song once, with the others' votes and tips only. The blocked person's own
 * submission moves to a hidden row of its own (blocked = true) with their key and status token:
 * their status link and retries keep answering it, frozen at the status it had, as for any
 * blocked person's request. `voters` holds none of theirs (so no one blocked is promoted), and
 * `trx` holds the musician's lock (lockMusician). Returns the ids of the requests that changed
 * hands.
 */
export async function promoteNextRequesters(
  trx: Transaction<DB>,
  joined: readonly JoinedRequest[],
  now: Date,
): Promise<string[]> {
  if (joined.length === 0) return [];
  await trx
    .deleteFrom('requestVoters')
    .where(
      'id',
      'in',
      joined.map(({ voters }) => voters[0]!.id),
    )
    .execute();

  const promoted: JoinedRequest[] = [];
  for (const joinedRequest of joined) {
    const { request, voters } = joinedRequest;
    const next = voters[0]!;
    // The remaining +1s, plus the new requester; the tips of all of them.
    const updated = await trx
      .updateTable('requests')
      .set({
        requesterName: next.requesterName,
        requesterEmail: next.requesterEmail,
        dedication: next.dedication,
        deviceId: next.deviceId,
        idempotencyKey: next.idempotencyKey,
        statusTokenHash: next.statusTokenHash,
        votes: voters.length,
        tipAmount: tipsOf(voters),
        updatedAt: now,
      })
      .where('id', '=', request.id)
      .returning('id')
      .executeTakeFirst();
    // The musician may have deleted it meanwhile (a delete does not take their lock).
    if (updated) promoted.push(joinedRequest);
  }
  if (promoted.length === 0) return [];

  // Their key and token left the request rows above, so the unique indexes let them move here.
  await trx
    .insertInto('requests')
    .values(
      promoted.map(({ request, voters }) => ({
        musicianId: request.musicianId,
        songId: request.songId,
        showId: request.showId,
        songTitle: request.songTitle,
        songArtist: request.songArtist,
        requesterName: request.requesterName,
        requesterEmail: request.requesterEmail,
        dedication: request.dedication,
        status: request.status,
        // The request row holds everyone's tips; theirs is what the +1s did not add.
        tipAmount: tipsLess(Number(request.tipAmount), sumOf(voters)),
        idempotencyKey: request.idempotencyKey,
        statusTokenHash: request.statusTokenHash,
        deviceId: request.deviceId,
        votes: 1,
        blocked: true,
        createdAt: request.createdAt,
      })),
    )
    .execute();
  return promoted.map(({ request }) => request.id);
}

/** The +1s' tips added up, uncapped: what they put on the request. */
const sumOf = (voters: readonly RequestVoter[]): number =>
  voters.reduce((cents, voter) => cents + Math.round(Number(voter.tipAmount) * 100), 0) / 100;
