import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { QueueOrder } from '#shared/schemas/queue-order.ts';
import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import type { Db } from '#server/db/database.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { musicians, requests } from '#server/db/schema.ts';
import { visible } from './request-columns.ts';

/** Why a move was refused, or the ids of every request whose queue_position it changed. */
export type MoveOutcome =
  | { outcome: 'moved'; changed: string[] }
  | { outcome: 'not_found' | 'not_open' | 'after_not_found' | 'not_manual' };

const columnOf = (status: string) => (status === 'up_next' ? 'up_next' : 'waiting');
const columnStatuses = (column: 'up_next' | 'waiting') =>
  column === 'up_next' ? (['up_next'] as const) : (['pending', 'accepted'] as const);
// The same lock renumber_queue takes (migration 0014): moves of one musician run one at a time.
const queueLock = (musicianId: string) =>
  sql`select pg_advisory_xact_lock(hashtext('queue_order'), hashtext(${musicianId}::text))`;

/** The order of the queue: queue_position kept by the SQL function renumber_queue. */
export function requestQueueRepository(db: Db) {
  return {
    /** Renumbers the musician's open requests; the ids of those whose position changed. */
    async renumber(musicianId: string): Promise<string[]> {
      const result = await db.execute(sql`select renumber_queue(${musicianId}::uuid) as id`);
      return rowsOf<{ id: string }>(result).map((row) => row.id);
    },

    async queueOrder(musicianId: string): Promise<QueueOrder | undefined> {
      const [row] = await db
        .select({ queueOrder: musicians.queueOrder })
        .from(musicians)
        .where(eq(musicians.id, musicianId));
      return row?.queueOrder;
    },

    /**
     * Puts the request right after `afterId` in its column (null: first), in one transaction
     * under the musician's queue lock: the column's ranks are rewritten 1..n in the new order,
     * so two devices moving at once end in the order of the last move, on every screen.
     */
    async move(
      musicianId: string,
      requestId: string,
      afterId: string | null,
    ): Promise<MoveOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(queueLock(musicianId));
        const own = and(eq(requests.musicianId, musicianId), visible);
        const [moved] = await tx
          .select({ status: requests.status })
          .from(requests)
          .where(and(own, eq(requests.id, requestId)));
        if (!moved) return { outcome: 'not_found' as const };
        if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(moved.status)) {
          return { outcome: 'not_open' as const };
        }
        const column = columnOf(moved.status);
        if (column === 'waiting') {
          const [musician] = await tx
            .select({ queueOrder: musicians.queueOrder })
            .from(musicians)
            .where(eq(musicians.id, musicianId));
          if (musician?.queueOrder !== 'manual') return { outcome: 'not_manual' as const };
        }
        const rows = await tx
          .select({ id: requests.id })
          .from(requests)
          .where(and(own, inArray(requests.status, [...columnStatuses(column)])))
          .orderBy(asc(requests.queuePosition), asc(requests.queueRank), asc(requests.createdAt));
        const order = rows.map((row) => row.id).filter((id) => id !== requestId);
        const at = afterId === null ? 0 : order.indexOf(afterId) + 1;
        if (at === 0 && afterId !== null) return { outcome: 'after_not_found' as const };
        order.splice(at, 0, requestId);
        await tx.execute(sql`update requests set queue_rank = v.rank
          from unnest(${`{${order.join(',')}}`}::uuid[]) with ordinality as v(id, rank)
          where requests.id = v.id and requests.musician_id = ${musicianId}::uuid`);
        const result = await tx.execute(sql`select renumber_queue(${musicianId}::uuid) as id`);
        return {
          outcome: 'moved' as const,
          changed: rowsOf<{ id: string }>(result).map((r) => r.id),
        };
      });
    },
  };
}

export type RequestQueueRepository = ReturnType<typeof requestQueueRepository>;
