import type { Kysely, Transaction } from 'kysely';
import type { QueueOrder } from '#shared/schemas/queue-order.ts';
import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';
import { lockedFor } from './locked-for.ts';
import { queueChanges, type QueueChange, type QueuedRequest } from './queue-positions.ts';
import { FAIR_TURNS_HOURS, type TakenTurn } from './fair-turns.ts';
import { statementOnce } from '#server/db/statement-once.ts';

// The queue's rows as stored, for queue-positions.ts to order: read, and written back where they
// changed. Called inside a transaction that took the musician's lock (db/locks.ts).

/** The musician's open requests and those still holding a position, through their two indexes. */
const queuedStatement = statementOnce((db, values: { musicianId: string }) =>
  db
    .selectFrom('requests')
    .select([
      'id',
      'status',
      'blocked',
      'queuePosition',
      'queueRank',
      'votes',
      'tipReceived',
      'payment',
      'requesterEmail',
      'deviceId',
      'showId',
      'createdAt',
      'updatedAt',
    ])
    .where('musicianId', '=', values.musicianId)
    .where((eb) =>
      eb.or([eb('status', 'in', OPEN_REQUEST_STATUSES), eb('queuePosition', 'is not', null)]),
    ),
);

export async function queuedRequests(tx: Kysely<DB>, musicianId: string): Promise<QueuedRequest[]> {
  const rows = await queuedStatement(tx, { musicianId });
  return rows.map(({ payment, ...row }) => ({
    ...row,
    tipReceived: Number(row.tipReceived),
    paid: payment === 'paid',
  }));
}

/** The turns played within FAIR_TURNS_HOURS of `now`, for the 'fair' order (fair-turns.ts). */
const playedTurnsStatement = statementOnce((db, values: { musicianId: string; since: Date }) =>
  db
    .selectFrom('requests')
    .select(['requesterEmail', 'deviceId', 'showId'])
    .where('musicianId', '=', values.musicianId)
    .where('playedAt', '>=', values.since)
    .where('status', '=', 'played')
    .where('blocked', '=', false),
);

/** The turns taken tonight that `order` counts: only 'fair' counts them, the others read none. */
export async function playedTurns(
  tx: Kysely<DB>,
  musicianId: string,
  order: QueueOrder,
  now: Date,
): Promise<TakenTurn[]> {
  if (order !== 'fair') return [];
  const since = new Date(now.getTime() - FAIR_TURNS_HOURS * 3_600_000);
  return playedTurnsStatement(tx, { musicianId, since });
}

const changeStatement = statementOnce(
  (db, values: { id: string; queuePosition: number | null; queueRank: number; updatedAt: Date }) =>
    db
      .updateTable('requests')
      .set({
        queuePosition: values.queuePosition,
        queueRank: values.queueRank,
        updatedAt: values.updatedAt,
      })
      .where('id', '=', values.id),
);

/** Writes each change, row by row (a move changes few; a new order, the column once). */
export async function writeQueueChanges(
  tx: Kysely<DB>,
  changes: readonly QueueChange[],
): Promise<void> {
  for (const { id, queuePosition, queueRank, updatedAt } of changes) {
    await changeStatement(tx, { id, queuePosition, queueRank, updatedAt });
  }
}

export async function queueOrderOf(
  tx: Kysely<DB>,
  musicianId: string,
): Promise<QueueOrder | undefined> {
  const row = await tx
    .selectFrom('musicians')
    .select('queueOrder')
    .where('id', '=', musicianId)
    .executeTakeFirst();
  return row?.queueOrder;
}

/**
 * Sets the positions of the musician's queue at `now`, in the caller's transaction and lock;
 * the ids of the requests whose position changed, for their devices.
 */
export async function renumberQueue(
  tx: Transaction<DB>,
  musicianId: string,
  now: Date,
): Promise<string[]> {
  const order = await queueOrderOf(tx, musicianId);
  if (!order) return [];
  const queued = await queuedRequests(tx, musicianId);
  const played = await playedTurns(tx, musicianId, order, now);
  const changes = queueChanges(order, queued, now, played);
  await writeQueueChanges(tx, changes);
  return changes.filter((change) => change.moved).map((change) => change.id);
}

/** renumberQueue in a transaction of its own, under the musician's lock. */
export function renumberQueueNow(db: Kysely<DB>, musicianId: string): Promise<string[]> {
  return lockedFor(db, musicianId, (trx) => renumberQueue(trx, musicianId, new Date()));
}
