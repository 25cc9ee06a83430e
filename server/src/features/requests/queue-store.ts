import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { QueueOrder } from '#shared/schemas/queue-order.ts';
import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import type { Db } from '#server/db/database.ts';
import { lockMusician } from '#server/db/musician-lock.ts';
import { musicians, requests } from '#server/db/schema.ts';
import { queueChanges, type QueueChange, type QueuedRequest } from './queue-positions.ts';

// The queue's rows as stored, for queue-positions.ts to order: read, and written back where they
// changed. Called inside a transaction that took the musician's lock (musician-lock.ts).

/** The musician's open requests and those still holding a position, through their two indexes. */
export async function queuedRequests(tx: Db, musicianId: string): Promise<QueuedRequest[]> {
  return tx
    .select({
      id: requests.id,
      status: requests.status,
      blocked: requests.blocked,
      queuePosition: requests.queuePosition,
      queueRank: requests.queueRank,
      votes: requests.votes,
      tipAmount: requests.tipAmount,
      createdAt: requests.createdAt,
      updatedAt: requests.updatedAt,
    })
    .from(requests)
    .where(
      and(
        eq(requests.musicianId, musicianId),
        or(inArray(requests.status, OPEN_REQUEST_STATUSES), isNotNull(requests.queuePosition)),
      ),
    );
}

/** Writes each change, row by row (a move changes few; a new order, the column once). */
export async function writeQueueChanges(tx: Db, changes: readonly QueueChange[]): Promise<void> {
  for (const change of changes) {
    await tx
      .update(requests)
      .set({
        queuePosition: change.queuePosition,
        queueRank: change.queueRank,
        updatedAt: change.updatedAt,
      })
      .where(eq(requests.id, change.id));
  }
}

export async function queueOrderOf(tx: Db, musicianId: string): Promise<QueueOrder | undefined> {
  const [row] = await tx
    .select({ queueOrder: musicians.queueOrder })
    .from(musicians)
    .where(eq(musicians.id, musicianId));
  return row?.queueOrder;
}

/**
 * Sets the positions of the musician's queue at `now`, in the caller's transaction and lock;
 * the ids of the requests whose position changed, for their devices.
 */
export async function renumberQueue(tx: Db, musicianId: string, now: Date): Promise<string[]> {
  const order = await queueOrderOf(tx, musicianId);
  if (!order) return [];
  const changes = queueChanges(order, await queuedRequests(tx, musicianId), now);
  await writeQueueChanges(tx, changes);
  return changes.filter((change) => change.moved).map((change) => change.id);
}

/** renumberQueue in a transaction of its own, under the musician's lock. */
export function renumberQueueNow(db: Db, musicianId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockMusician(tx, musicianId);
    return renumberQueue(tx, musicianId, new Date());
  });
}
