import { and, asc, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import {
  OPEN_REQUEST_STATUSES,
  type RequestStatus,
  type SongRequest,
} from '#shared/schemas/request.ts';
import type { Db } from '#server/db/database.ts';
import { lockMusician } from '#server/db/musician-lock.ts';
import { requestClicks, requests, requestVoters, shows } from '#server/db/schema.ts';
import { requestColumns, selectRequestsFrom, visible } from './request-columns.ts';
import { toRequestStatusView, toSongRequest } from './request-mapper.ts';
import { requestSubmissionsRepository } from './request-submissions-repository.ts';

/** Where a request sits in the history: created_at to the microsecond, as ISO text in UTC. */
export interface HistoryPosition {
  createdAt: string;
  id: string;
}

/** The statuses an undo can take a request back from. */
const FINAL_STATUSES: RequestStatus[] = ['played', 'rejected'];

const positionColumn = {
  createdAt: sql<string>`to_char(${requests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};
const newestFirst = (a: { created_at: Date; id: string }, b: { created_at: Date; id: string }) =>
  b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const upNextEnd = (musicianId: string) =>
  sql<number>`(select coalesce(max(r.queue_rank), 0) + 1 from requests r
    where r.musician_id = ${musicianId}::uuid and r.status = 'up_next')`;

export function requestsRepository(db: Db) {
  const selectRequests = () => selectRequestsFrom(db);
  // Every audience request reads its request back through this: built once, not per call.
  const visibleById = selectRequests()
    .where(and(eq(requests.id, sql.placeholder('requestId')), visible))
    .prepare('requests_visible_by_id');

  /** `write` in a transaction of its own, under the musician's lock (musician-lock.ts). */
  const lockedFor = <T>(musicianId: string, write: (tx: Db) => Promise<T>) =>
    db.transaction(async (tx) => {
      await lockMusician(tx, musicianId);
      return write(tx);
    });

  /** Undefined for a blocked requester's request too: nothing about it may reach a musician. */
  async function findById(requestId: string): Promise<SongRequest | undefined> {
    const [row] = await visibleById.execute({ requestId });
    return row && toSongRequest(row);
  }

  return {
    ...requestSubmissionsRepository(db, findById),
    findById,

    async listForMusician(musicianId: string): Promise<SongRequest[]> {
      const rows = await selectRequests()
        .where(and(eq(requests.musicianId, musicianId), visible))
        .orderBy(desc(requests.createdAt), desc(requests.id));
      return rows.map(toSongRequest);
    },

    /**
     * The working set every screen needs: every open request, the newest `newest` of any status
     * (the Requests tab) and the last `completed` played or rejected (On Stage). `older` is the
     * position of the oldest of the newest ones, to page further back from; null when none is.
     */
    async workingSet(
      musicianId: string,
      newest: number,
      completed: number,
    ): Promise<{ requests: SongRequest[]; older: HistoryPosition | null }> {
      const own = and(eq(requests.musicianId, musicianId), visible);
      const [open, recent, done] = await Promise.all([
        selectRequests().where(and(own, inArray(requests.status, OPEN_REQUEST_STATUSES))),
        db
          .select({ ...requestColumns, position: positionColumn })
          .from(requests)
          .leftJoin(shows, eq(shows.id, requests.showId))
          .where(own)
          .orderBy(desc(requests.createdAt), desc(requests.id))
          .limit(newest + 1),
        selectRequests()
          .where(and(own, inArray(requests.status, ['played', 'rejected'])))
          .orderBy(desc(requests.updatedAt), desc(requests.id))
          .limit(completed),
      ]);
      const shown = recent.slice(0, newest);
      const plain = shown.map(({ position: _position, ...row }) => row);
      const byId = new Map([...open, ...plain, ...done].map((row) => [row.id, row]));
      const rows = [...byId.values()].sort(newestFirst);
      const oldest = shown.at(-1);
      const older = recent.length > newest && oldest ? { ...oldest.position, id: oldest.id } : null;
      return { requests: rows.map(toSongRequest), older };
    },

    /**
     * Requests created or changed at or after `from` (the database's clock), oldest change first.
     * A request whose queue_position changed has a newer updated_at (queue-positions.ts), so it is here.
     */
    async changedSince(musicianId: string, from: Date): Promise<SongRequest[]> {
      const rows = await selectRequests()
        .where(and(eq(requests.musicianId, musicianId), visible, gte(requests.updatedAt, from)))
        .orderBy(asc(requests.updatedAt), asc(requests.id));
      return rows.map(toSongRequest);
    },

    /** One page of history older than `before`, newest first; `older` continues from its end. */
    async olderThan(
      musicianId: string,
      before: HistoryPosition,
      limit: number,
    ): Promise<{ requests: SongRequest[]; older: HistoryPosition | null }> {
      const rows = await db
        .select({ ...requestColumns, position: positionColumn })
        .from(requests)
        .leftJoin(shows, eq(shows.id, requests.showId))
        .where(
          and(
            eq(requests.musicianId, musicianId),
            visible,
            sql`(${requests.createdAt}, ${requests.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`,
          ),
        )
        .orderBy(desc(requests.createdAt), desc(requests.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const older = rows.length > limit && last ? { ...last.position, id: last.id } : null;
      const plain = page.map(({ position: _position, ...row }) => row);
      return { requests: plain.map(toSongRequest), older };
    },

    /** The database's clock: cursors compare with updated_at, which the database mostly sets. */
    async databaseNow(): Promise<Date> {
      const result = await db.execute(sql`select now() as now`);
      const [row] = (result as unknown as { rows: { now: string | Date }[] }).rows;
      return new Date(row!.now);
    },

    /** The musician's requests with these ids, as devices see them. */
    async byIds(musicianId: string, ids: readonly string[]): Promise<SongRequest[]> {
      if (ids.length === 0) return [];
      const rows = await selectRequests().where(
        and(eq(requests.musicianId, musicianId), inArray(requests.id, [...ids]), visible),
      );
      return rows.map(toSongRequest);
    },

    async findOwned(musicianId: string, requestId: string): Promise<SongRequest | undefined> {
      const [row] = await selectRequests().where(
        and(eq(requests.musicianId, musicianId), eq(requests.id, requestId), visible),
      );
      return row && toSongRequest(row);
    },

    async musicianOf(requestId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ musicianId: requests.musicianId })
        .from(requests)
        .where(eq(requests.id, requestId));
      return row?.musicianId;
    },

    /** What the requester is answered (blocked or not: they must not be able to tell). */
    async createdView(requestId: string) {
      const [row] = await db
        .select({
          id: requests.id,
          song_title: requests.songTitle,
          song_artist: requests.songArtist,
          status: requests.status,
          created_at: requests.createdAt,
        })
        .from(requests)
        .where(eq(requests.id, requestId));
      return row && { ...row, created_at: row.created_at.toISOString() };
    },

    /** The requester's view of the requests these token hashes follow (unknown ones are left out). */
    async statusViews(tokenHashes: string[]): Promise<RequestStatusView[]> {
      if (tokenHashes.length === 0) return [];
      const view = {
        id: requests.id,
        song_title: requests.songTitle,
        song_artist: requests.songArtist,
        status: requests.status,
        updated_at: requests.updatedAt,
        queue_position: requests.queuePosition,
      };
      // A +1 follows the request it was merged into, by its own token.
      const [own, merged] = await Promise.all([
        db.select(view).from(requests).where(inArray(requests.statusTokenHash, tokenHashes)),
        db
          .select(view)
          .from(requestVoters)
          .innerJoin(requests, eq(requests.id, requestVoters.requestId))
          .where(inArray(requestVoters.statusTokenHash, tokenHashes)),
      ]);
      const byId = new Map([...own, ...merged].map((row) => [row.id, row]));
      return [...byId.values()].map(toRequestStatusView);
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
      const rows = await lockedFor(musicianId, (tx) =>
        tx
          .update(requests)
          // In an UPDATE, "status" on the right is the row's value before this statement. The
          // no-repeats rule reads when it was played; a move away from played forgets it.
          .set({
            status: to,
            previousStatus: sql`${requests.status}`,
            statusChangedAt: at,
            updatedAt: new Date(),
            playedAt: to === 'played' ? at : null,
            // Sent to Up Next: last in it, after the songs sent there before.
            ...(to === 'up_next' ? { queueRank: upNextEnd(musicianId) } : {}),
          })
          .where(
            and(
              eq(requests.musicianId, musicianId),
              eq(requests.id, requestId),
              inArray(requests.status, [...from]),
              visible,
            ),
          )
          .returning({ id: requests.id }),
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
      const rows = await lockedFor(musicianId, (tx) =>
        tx
          .update(requests)
          // Back to an open status: it was never played, for the no-repeats rule too.
          .set({
            status: to,
            previousStatus: null,
            statusChangedAt: at,
            updatedAt: new Date(),
            playedAt: null,
          })
          .where(
            and(
              eq(requests.musicianId, musicianId),
              eq(requests.id, requestId),
              inArray(requests.status, FINAL_STATUSES),
              eq(requests.previousStatus, to),
              gt(requests.statusChangedAt, since),
              visible,
            ),
          )
          .returning({ id: requests.id }),
      );
      return rows.length > 0;
    },

    /** The status a request had before its last move, if that move can be looked back on. */
    async previousStatus(musicianId: string, requestId: string): Promise<RequestStatus | null> {
      const [row] = await db
        .select({ previousStatus: requests.previousStatus })
        .from(requests)
        .where(and(eq(requests.musicianId, musicianId), eq(requests.id, requestId), visible));
      return row?.previousStatus ?? null;
    },

    async delete(musicianId: string, requestId: string): Promise<boolean> {
      const rows = await db
        .delete(requests)
        .where(and(eq(requests.musicianId, musicianId), eq(requests.id, requestId)))
        .returning({ id: requests.id });
      return rows.length > 0;
    },

    /**
     * Records a tip or social tap once per request, type and platform; true when it was new.
     * A phone tapping Venmo twenty times changes nothing after the first.
     */
    async addClick(requestId: string, type: 'tip' | 'social', platform: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(requestClicks)
          .values({ requestId, type, platform })
          .onConflictDoNothing()
          .returning({ id: requestClicks.id });
        if (inserted.length === 0) return false;
        await tx
          .update(requests)
          .set({ updatedAt: new Date(), ...(type === 'tip' ? { tipClicked: true } : {}) })
          .where(eq(requests.id, requestId));
        return true;
      });
    },
  };
}

export type RequestsRepository = ReturnType<typeof requestsRepository>;
