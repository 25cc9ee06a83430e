import type { Kysely, Transaction } from 'kysely';
import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import { lockMusician } from '#server/db/locks.ts';
import type { DB, RequestVoter, SongRequest } from '#server/db/tables.ts';
import type { Requester } from '#server/submissions/requester.ts';
import { requesterBlocked, sameRequester } from '#server/submissions/same-requester.ts';
import type { BlockedRequesterRow } from './blocked-requester-mapper.ts';
import { type JoinedRequest, promoteNextRequesters, tipsLess } from './promote-next-requester.ts';
import { creationTime } from '#server/db/creation-clock.ts';

export interface BlockResult {
  entry: BlockedRequesterRow;
  /** Their waiting requests, now hidden: the musician's devices must drop them. */
  hiddenRequestIds: string[];
  /**
   * Others' requests they had +1'd (one vote fewer now), and their own requests others had
   * joined (now in the name of the first of those others).
   */
  updatedRequestIds: string[];
}

export function blocklistRepository(db: Kysely<DB>) {
  return {
    /** Whether this musician blocked the requester's email or phone. */
    async isBlocked(musicianId: string, who: Requester): Promise<boolean> {
      const entries = await db
        .selectFrom('blockedRequesters')
        .select(['email', 'deviceId'])
        .where('musicianId', '=', musicianId)
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['email']), '=', who.email.toLowerCase()),
            eb('deviceId', '=', who.deviceId),
          ]),
        )
        .execute();
      return requesterBlocked(entries, who);
    },

    async list(musicianId: string): Promise<BlockedRequesterRow[]> {
      return db
        .selectFrom('blockedRequesters')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Blocks the requester of one of the musician's requests (its email and phone) and hides
     * what of theirs still waits. Blocking the same person twice keeps one entry. Undefined
     * when the request is not this musician's.
     */
    async block(musicianId: string, requestId: string): Promise<BlockResult | undefined> {
      return db.transaction().execute(async (trx) => {
        // Votes and tips of the musician's requests change here, as a +1 changes them.
        await lockMusician(trx, musicianId);
        const request = await trx
          .selectFrom('requests')
          .select(['requesterEmail', 'deviceId', 'requesterName'])
          .where('musicianId', '=', musicianId)
          .where('id', '=', requestId)
          .executeTakeFirst();
        if (!request) return undefined;
        const who = {
          email: request.requesterEmail.trim().toLowerCase(),
          deviceId: request.deviceId,
        };
        const entry = await blockedEntry(trx, musicianId, who, request.requesterName);

        const now = new Date();
        const open = await openRequests(trx, musicianId);
        const voters = await votersOn(trx, open);
        const isTheirs = (row: { requesterEmail: string; deviceId: string }) =>
          sameRequester({ email: row.requesterEmail, deviceId: row.deviceId }, who);

        // Their +1s on waiting requests go first, with the tip they added, so none of them is
        // promoted below.
        const lessVotes = await withdrawVotes(trx, open, voters.filter(isTheirs), now);

        // Their requests others joined stay, handed to the first of the others.
        const theirs = open.filter((row) => !row.blocked && isTheirs(row));
        const joined: JoinedRequest[] = theirs
          .map((row) => ({
            request: row,
            voters: voters.filter((voter) => voter.requestId === row.id && !isTheirs(voter)),
          }))
          .filter((row) => row.voters.length > 0);
        const promoted = await promoteNextRequesters(trx, joined, now);

        const toHide = theirs.map((row) => row.id).filter((id) => !promoted.includes(id));
        const hidden =
          toHide.length === 0
            ? []
            : await trx
                .updateTable('requests')
                .set({ blocked: true, updatedAt: now })
                .where('id', 'in', toHide)
                .returning('id')
                .execute();
        const hiddenIds = hidden.map((row) => row.id);
        const changed = [...lessVotes, ...promoted];
        return {
          entry,
          hiddenRequestIds: hiddenIds,
          updatedRequestIds: [...new Set(changed)].filter((id) => !hiddenIds.includes(id)),
        };
      });
    },

    /** Their requests already hidden stay hidden; new ones reach the musician again. */
    async unblock(musicianId: string, id: string): Promise<boolean> {
      const rows = await db
        .deleteFrom('blockedRequesters')
        .where('musicianId', '=', musicianId)
        .where('id', '=', id)
        .returning('id')
        .execute();
      return rows.length > 0;
    },
  };
}

/** The musician's entry for this email (lower-cased) and phone: the one there, or a new one. */
async function blockedEntry(
  trx: Transaction<DB>,
  musicianId: string,
  who: Requester,
  requesterName: string,
): Promise<BlockedRequesterRow> {
  const existing = await trx
    .selectFrom('blockedRequesters')
    .selectAll()
    .where('musicianId', '=', musicianId)
    .where('email', '=', who.email)
    .where('deviceId', '=', who.deviceId)
    .executeTakeFirst();
  return (
    existing ??
    trx
      .insertInto('blockedRequesters')
      .values({
        musicianId,
        email: who.email,
        deviceId: who.deviceId,
        requesterName,
        createdAt: creationTime(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  );
}

/** The musician's waiting requests (a blocked person's, hidden, among them). */
function openRequests(trx: Transaction<DB>, musicianId: string): Promise<SongRequest[]> {
  return trx
    .selectFrom('requests')
    .selectAll()
    .where('musicianId', '=', musicianId)
    .where('status', 'in', OPEN_REQUEST_STATUSES)
    .execute();
}

/** The +1s on these requests, oldest first. */
async function votersOn(
  trx: Transaction<DB>,
  requests: readonly SongRequest[],
): Promise<RequestVoter[]> {
  if (requests.length === 0) return [];
  return trx
    .selectFrom('requestVoters')
    .selectAll()
    .where(
      'requestId',
      'in',
      requests.map((request) => request.id),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/**
 * Deletes these +1s and takes each off its request: one vote fewer (never below the requester's
 * own) and its tip less. A hidden request keeps its counts. Updates the rows of `open` in
 * memory too, and returns the ids of the requests shown that changed.
 */
async function withdrawVotes(
  trx: Transaction<DB>,
  open: readonly SongRequest[],
  votes: readonly RequestVoter[],
  now: Date,
): Promise<string[]> {
  if (votes.length === 0) return [];
  await trx
    .deleteFrom('requestVoters')
    .where(
      'id',
      'in',
      votes.map((vote) => vote.id),
    )
    .execute();
  const changed: string[] = [];
  for (const request of open) {
    const taken = votes.filter((vote) => vote.requestId === request.id);
    if (request.blocked || taken.length === 0) continue;
    request.votes = Math.max(request.votes - taken.length, 1);
    request.tipAmount = String(
      taken.reduce(
        (left, vote) => tipsLess(left, Number(vote.tipAmount)),
        Number(request.tipAmount),
      ),
    );
    const updated = await trx
      .updateTable('requests')
      .set({ votes: request.votes, tipAmount: request.tipAmount, updatedAt: now })
      .where('id', '=', request.id)
      .returning('id')
      .executeTakeFirst();
    if (updated) changed.push(request.id);
  }
  return changed;
}

export type BlocklistRepository = ReturnType<typeof blocklistRepository>;
