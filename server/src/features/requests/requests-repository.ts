import type { Kysely } from 'kysely';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';
import { lockedFor } from './locked-for.ts';
import { type ListedRow, selectVisible, withClicksAndVoters } from './request-columns.ts';

export type { HistoryPosition } from './request-pages-repository.ts';
import { toRequestStatusView } from './request-mapper.ts';
import { requestPagesRepository } from './request-pages-repository.ts';
import { requestSubmissionsRepository } from './request-submissions-repository.ts';
import { statementOnce } from '#server/db/statement-once.ts';

/** The statuses an undo can take a request back from. */
const FINAL_STATUSES: RequestStatus[] = ['played', 'rejected'];

/** Every audience request reads its request back through this: built and compiled once. */
const visibleById = statementOnce((db, values: { requestId: string }) =>
  selectVisible(db).where('r.id', '=', values.requestId),
);

export function requestsRepository(db: Kysely<DB>) {
  const shown = (rows: readonly ListedRow[]) => withClicksAndVoters(db, rows);

  /** Undefined for a blocked requester's request too: nothing about it may reach a musician. */
  async function findById(requestId: string): Promise<SongRequest | undefined> {
    const [request] = await shown(await visibleById(db, { requestId }));
    return request;
  }

  return {
    ...requestSubmissionsRepository(db, findById),
    ...requestPagesRepository(db),
    findById,

    async listForMusician(musicianId: string): Promise<SongRequest[]> {
      const rows = await selectVisible(db)
        .where('r.musicianId', '=', musicianId)
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
      return shown(rows);
    },

    /** The musician's requests with these ids, as devices see them. */
    async byIds(musicianId: string, ids: readonly string[]): Promise<SongRequest[]> {
      if (ids.length === 0) return [];
      const rows = await selectVisible(db)
        .where('r.musicianId', '=', musicianId)
        .where('r.id', 'in', [...ids])
        .execute();
      return shown(rows);
    },

    async findOwned(musicianId: string, requestId: string): Promise<SongRequest | undefined> {
      const rows = await selectVisible(db)
        .where('r.musicianId', '=', musicianId)
        .where('r.id', '=', requestId)
        .execute();
      const [request] = await shown(rows);
      return request;
    },

    async musicianOf(requestId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('requests')
        .select('musicianId')
        .where('id', '=', requestId)
        .executeTakeFirst();
      return row?.musicianId;
    },

    /** What the requester is answered (blocked or not: they must not be able to tell). */
    async createdView(requestId: string) {
      const row = await db
        .selectFrom('requests')
        .select(['id', 'songTitle', 'songArtist', 'status', 'createdAt'])
        .where('id', '=', requestId)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          song_title: row.songTitle,
          song_artist: row.songArtist,
          status: row.status,
          created_at: row.createdAt.toISOString(),
        }
      );
    },

    /** The requester's view of the requests these token hashes follow (unknown ones are left out). */
    async statusViews(tokenHashes: string[]): Promise<RequestStatusView[]> {
      if (tokenHashes.length === 0) return [];
      const view = [
        'r.id',
        'r.songTitle',
        'r.songArtist',
        'r.status',
        'r.updatedAt',
        'r.queuePosition',
        'r.payment',
      ] as const;
      // A +1 follows the request it was merged into, by its own token.
      const [own, merged] = await Promise.all([
        db
          .selectFrom('requests as r')
          .select(view)
          .where('r.statusTokenHash', 'in', tokenHashes)
          .execute(),
        db
          .selectFrom('requestVoters as v')
          .innerJoin('requests as r', 'r.id', 'v.requestId')
          .select(view)
          .where('v.statusTokenHash', 'in', tokenHashes)
          .execute(),
      ]);
      const byId = new Map([...own, ...merged].map((row) => [row.id, row]));
      return [...byId.values()].map((row) =>
        toRequestStatusView({
          id: row.id,
          song_title: row.songTitle,
          song_artist: row.songArtist,
          status: row.status,
          updated_at: row.updatedAt,
          queue_position: row.queuePosition,
          payment: row.payment,
        }),
      );
    },

    /**
     * Moves the status only if the request is still in one of `from`; true if moved. The status
     * it leaves and `at` are kept, so a Played or Reject can be undone (undoMove).
     */
    async moveStatus(
      musicianId: string,
      requestId: string,
      from: readonly RequestStatus[],
      to: RequestStatus,
      at: Date,
    ): Promise<boolean> {
      if (from.length === 0) return false;
      // Under the musician's lock: a +1 decided on this request while it waited lands first.
      const rows = await lockedFor(db, musicianId, (tx) =>
        tx
          .updateTable('requests')
          // In an UPDATE, "status" on the right is the row's value before this statement. The
          // no-repeats rule reads when it was played; a move away from played forgets it.
          .set((eb) => ({
            status: to,
            previousStatus: eb.ref('status'),
            statusChangedAt: at,
            updatedAt: new Date(),
            playedAt: to === 'played' ? at : null,
            // Sent to Up Next: last in it, after the songs sent there before.
            ...(to === 'up_next'
              ? {
                  queueRank: eb
                    .selectFrom('requests as u')
                    .select((sub) =>
                      sub(sub.fn.coalesce(sub.fn.max('u.queueRank'), sub.lit(0)), '+', 1).as('end'),
                    )
                    .where('u.musicianId', '=', musicianId)
                    .where('u.status', '=', 'up_next'),
                }
              : {}),
          }))
          .where('musicianId', '=', musicianId)
          .where('id', '=', requestId)
          .where('status', 'in', [...from])
          .where('blocked', '=', false)
          .returning('id')
          .execute(),
      );
      return rows.length > 0;
    },

    /**
     * Takes a Played or Reject back to `to`, only if `to` is the status it had before that move
     * and the move was made after `since`; true if moved. One conditional UPDATE: of two undos
     * (or an undo and a move from another device) at once, only one wins. An undone move cannot
     * be undone again (previous_status is cleared).
     */
    async undoMove(
      musicianId: string,
      requestId: string,
      to: RequestStatus,
      at: Date,
      since: Date,
    ): Promise<boolean> {
      const rows = await lockedFor(db, musicianId, (tx) =>
        tx
          .updateTable('requests')
          // Back to an open status: it was never played, for the no-repeats rule too.
          .set({
            status: to,
            previousStatus: null,
            statusChangedAt: at,
            updatedAt: new Date(),
            playedAt: null,
          })
          .where('musicianId', '=', musicianId)
          .where('id', '=', requestId)
          .where('status', 'in', FINAL_STATUSES)
          .where('previousStatus', '=', to)
          .where('statusChangedAt', '>', since)
          .where('blocked', '=', false)
          .returning('id')
          .execute(),
      );
      return rows.length > 0;
    },

    /** The status a request had before its last move, if that move can be looked back on. */
    async previousStatus(musicianId: string, requestId: string): Promise<RequestStatus | null> {
      const row = await db
        .selectFrom('requests')
        .select('previousStatus')
        .where('musicianId', '=', musicianId)
        .where('id', '=', requestId)
        .where('blocked', '=', false)
        .executeTakeFirst();
      return row?.previousStatus ?? null;
    },

    /** Under the musician's lock: the queue's positions and a +1 on it are decided under it. */
    async delete(musicianId: string, requestId: string): Promise<boolean> {
      const rows = await lockedFor(db, musicianId, (tx) =>
        tx
          .deleteFrom('requests')
          .where('musicianId', '=', musicianId)
          .where('id', '=', requestId)
          .returning('id')
          .execute(),
      );
      return rows.length > 0;
    },

    /**
     * Records a tip or social tap once per request, type and platform; true when it was new.
     * A phone tapping Venmo twenty times changes nothing after the first. Under the musician's
     * lock, as every write of their requests.
     */
    async addClick(
      musicianId: string,
      requestId: string,
      type: 'tip' | 'social',
      platform: string,
    ): Promise<boolean> {
      return lockedFor(db, musicianId, async (tx) => {
        const inserted = await tx
          .insertInto('requestClicks')
          .values({ requestId, type, platform })
          .onConflict((conflict) => conflict.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return false;
        await tx
          .updateTable('requests')
          .set({ updatedAt: new Date(), ...(type === 'tip' ? { tipClicked: true } : {}) })
          .where('id', '=', requestId)
          .execute();
        return true;
      });
    },
  };
}

export type RequestsRepository = ReturnType<typeof requestsRepository>;
