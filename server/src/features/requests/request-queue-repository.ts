import type { Kysely } from 'kysely';
import type { QueueOrder } from '#shared/schemas/queue-order.ts';
import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';
import { lockedFor } from './locked-for.ts';
import { waitEstimateRepository } from './wait-estimate-repository.ts';
import { queueChanges, type QueueChange, type QueuedRequest } from './queue-positions.ts';
import {
  playedTurns,
  queuedRequests,
  queueOrderOf,
  renumberQueueNow,
  writeQueueChanges,
} from './queue-store.ts';

/** Why a move was refused, or the ids of every request whose queue_position it changed. */
export type MoveOutcome =
  | { outcome: 'moved'; changed: string[] }
  | { outcome: 'not_found' | 'not_open' | 'after_not_found' | 'not_manual' };

const isUpNext = (request: QueuedRequest) => request.status === 'up_next';

/** A column as the musician sees it: by position, then rank, then age. */
const shownOrder = (a: QueuedRequest, b: QueuedRequest) =>
  (a.queuePosition ?? Infinity) - (b.queuePosition ?? Infinity) ||
  a.queueRank - b.queueRank ||
  a.createdAt.getTime() - b.createdAt.getTime();

/** The order of the queue: queue_position, set by queue-positions.ts. */
export function requestQueueRepository(db: Kysely<DB>) {
  return {
    /** Renumbers the musician's open requests; the ids of those whose position changed. */
    renumber: (musicianId: string): Promise<string[]> => renumberQueueNow(db, musicianId),

    ...waitEstimateRepository(db),

    queueOrder: (musicianId: string): Promise<QueueOrder | undefined> =>
      queueOrderOf(db, musicianId),

    /**
     * Puts the request right after `afterId` in its column (null: first), in one transaction
     * under the musician's lock: the column's ranks are rewritten 1..n in the new order, so two
     * devices moving at once end in the order of the last move, on every screen.
     */
    async move(
      musicianId: string,
      requestId: string,
      afterId: string | null,
    ): Promise<MoveOutcome> {
      return lockedFor(db, musicianId, async (tx) => {
        const now = new Date();
        const queued = await queuedRequests(tx, musicianId);
        const moved = queued.find((request) => request.id === requestId && !request.blocked);
        if (!moved) {
          // Not in the queue: a request of theirs that left it, or none at all.
          return (await requestOf(tx, musicianId, requestId))
            ? { outcome: 'not_open' as const }
            : { outcome: 'not_found' as const };
        }
        if (!OPEN.has(moved.status)) return { outcome: 'not_open' as const };
        const order = await queueOrderOf(tx, musicianId);
        if (!isUpNext(moved) && order !== 'manual') return { outcome: 'not_manual' as const };
        const column = queued
          .filter((request) => !request.blocked && OPEN.has(request.status))
          .filter((request) => isUpNext(request) === isUpNext(moved))
          .sort(shownOrder)
          .filter((request) => request.id !== requestId);
        const at = afterId === null ? 0 : column.findIndex((r) => r.id === afterId) + 1;
        if (at === 0 && afterId !== null) return { outcome: 'after_not_found' as const };
        column.splice(at, 0, moved);
        const ranks = new Map(column.map((request, i) => [request.id, i + 1]));
        const ranked = queued.map((request) => ({
          ...request,
          queueRank: ranks.get(request.id) ?? request.queueRank,
        }));
        const changes = new Map<string, QueueChange>();
        for (const request of ranked) {
          const before = queued.find((r) => r.id === request.id)!;
          if (request.queueRank === before.queueRank) continue;
          const { id, queuePosition, queueRank, updatedAt } = request;
          changes.set(id, { id, queuePosition, queueRank, updatedAt, moved: false });
        }
        const played = await playedTurns(tx, musicianId, order ?? 'arrival', now);
        for (const change of queueChanges(order ?? 'arrival', ranked, now, played)) {
          changes.set(change.id, change);
        }
        await writeQueueChanges(tx, [...changes.values()]);
        const changed = [...changes.values()].filter((change) => change.moved);
        return { outcome: 'moved' as const, changed: changed.map((change) => change.id) };
      });
    },
  };
}

const OPEN = new Set<string>(OPEN_REQUEST_STATUSES);

/** Whether the musician has this request (a blocked requester's is no one's to move). */
async function requestOf(tx: Kysely<DB>, musicianId: string, requestId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('requests')
    .select('id')
    .where('musicianId', '=', musicianId)
    .where('id', '=', requestId)
    .where('blocked', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

export type RequestQueueRepository = ReturnType<typeof requestQueueRepository>;
