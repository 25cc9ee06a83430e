import { OPEN_REQUEST_STATUSES } from '#shared/schemas/request.ts';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { blockedRequesters, requests, requestVoters } from '#server/db/schema.ts';
import type { BlockedRequesterRow } from './blocked-requester-mapper.ts';
import { promoteNextRequesters } from './promote-next-requester.ts';
import { requesterBlocked, requesterMatches } from '#server/submissions/same-requester.ts';
import type { Requester } from '#server/submissions/requester.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { lockMusician } from '#server/db/musician-lock.ts';

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

export function blocklistRepository(db: Db) {
  return {
    /** Whether this musician blocked the requester's email or phone. */
    async isBlocked(musicianId: string, who: Requester): Promise<boolean> {
      const entries = await db
        .select({ email: blockedRequesters.email, deviceId: blockedRequesters.deviceId })
        .from(blockedRequesters)
        .where(
          and(
            eq(blockedRequesters.musicianId, musicianId),
            or(
              eq(sql`lower(${blockedRequesters.email})`, who.email.toLowerCase()),
              eq(blockedRequesters.deviceId, who.deviceId),
            ),
          ),
        );
      return requesterBlocked(entries, who);
    },

    async list(musicianId: string): Promise<BlockedRequesterRow[]> {
      return db
        .select()
        .from(blockedRequesters)
        .where(eq(blockedRequesters.musicianId, musicianId))
        .orderBy(desc(blockedRequesters.createdAt), desc(blockedRequesters.id));
    },

    /**
     * Blocks the requester of one of the musician's requests (its email and phone) and hides
     * what of theirs still waits. Blocking the same person twice keeps one entry. Undefined
     * when the request is not this musician's.
     */
    async block(musicianId: string, requestId: string): Promise<BlockResult | undefined> {
      return db.transaction(async (tx) => {
        // Votes and tips of the musician's requests change here, as a +1 changes them.
        await lockMusician(tx, musicianId);
        const [request] = await tx
          .select({
            email: requests.requesterEmail,
            deviceId: requests.deviceId,
            name: requests.requesterName,
          })
          .from(requests)
          .where(and(eq(requests.musicianId, musicianId), eq(requests.id, requestId)));
        if (!request) return undefined;
        const email = request.email.trim().toLowerCase();
        const { deviceId } = request;

        const [existing] = await tx
          .select()
          .from(blockedRequesters)
          .where(
            and(
              eq(blockedRequesters.musicianId, musicianId),
              eq(blockedRequesters.email, email),
              eq(blockedRequesters.deviceId, deviceId),
            ),
          );
        const [entry] = existing
          ? [existing]
          : await tx
              .insert(blockedRequesters)
              .values({ musicianId, email, deviceId, requesterName: request.name })
              .returning();

        // Their +1s on waiting requests go first, with the tip they added, so none of them is
        // promoted below.
        const lessVotes = await tx.execute(sql`
          WITH gone AS (
            DELETE FROM ${requestVoters} v
            WHERE v.musician_id = ${musicianId}
              AND ${requesterMatches(email, deviceId, { email: 'v.requester_email', device: 'v.device_id' })}
              AND v.request_id IN (SELECT id FROM ${requests}
                WHERE musician_id = ${musicianId} AND status IN ${OPEN_REQUEST_STATUSES})
            RETURNING v.request_id, v.tip_amount
          ), counted AS (
            SELECT request_id, count(*)::int AS n, sum(tip_amount) AS tips
            FROM gone GROUP BY request_id
          )
          UPDATE ${requests} r
          SET votes = greatest(r.votes - counted.n, 1),
            tip_amount = greatest(r.tip_amount - counted.tips, 0), updated_at = now()
          FROM counted
          WHERE r.id = counted.request_id AND NOT r.blocked
          RETURNING r.id`);

        // Their requests others joined stay, handed to the first of the others.
        const theirs = requesterMatches(email, deviceId, {
          email: 'requester_email',
          device: 'device_id',
        });
        const promoted = await promoteNextRequesters(tx, musicianId, theirs);

        const hidden = await tx.execute(sql`
          UPDATE ${requests} SET blocked = true, updated_at = now()
          WHERE musician_id = ${musicianId} AND NOT blocked
            AND status IN ${OPEN_REQUEST_STATUSES} AND ${theirs}
          RETURNING id`);

        const hiddenIds = rowsOf<{ id: string }>(hidden).map((row) => row.id);
        const changed = [...rowsOf<{ id: string }>(lessVotes).map((row) => row.id), ...promoted];
        return {
          entry: entry!,
          hiddenRequestIds: hiddenIds,
          updatedRequestIds: [...new Set(changed)].filter((id) => !hiddenIds.includes(id)),
        };
      });
    },

    /** Their requests already hidden stay hidden; new ones reach the musician again. */
    async unblock(musicianId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(blockedRequesters)
        .where(and(eq(blockedRequesters.musicianId, musicianId), eq(blockedRequesters.id, id)))
        .returning({ id: blockedRequesters.id });
      return rows.length > 0;
    },
  };
}

export type BlocklistRepository = ReturnType<typeof blocklistRepository>;
