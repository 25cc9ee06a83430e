import type { Kysely } from 'kysely';
import { OPEN_REQUEST_STATUSES, type SongRequest } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';
import { type ListedRow, selectVisible, withClicksAndVoters } from './request-columns.ts';

// The musician's lists, a page at a time (request-history.ts): the working set, what changed
// since a poll, and older history by its position.

/** Where a request sits in the history: created_at as ISO text in UTC (six digits), and its id. */
export interface HistoryPosition {
  createdAt: string;
  id: string;
}

/**
 * A row's place in the history. Six digits of fraction, as cursors have always carried: the
 * times of both engines are whole milliseconds as read (every request is filed at a time of the
 * server's clock), so the last three are zeros.
 */
const positionOf = (row: ListedRow): HistoryPosition => ({
  createdAt: row.createdAt.toISOString().replace(/Z$/, '000Z'),
  id: row.id,
});

const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const newestFirst = (a: SongRequest, b: SongRequest) =>
  descending(a.created_at, b.created_at) || descending(a.id, b.id);

export function requestPagesRepository(db: Kysely<DB>) {
  const shown = (rows: readonly ListedRow[]) => withClicksAndVoters(db, rows);
  return {
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
      const own = () => selectVisible(db).where('r.musicianId', '=', musicianId);
      const [open, recent, done] = await Promise.all([
        own().where('r.status', 'in', OPEN_REQUEST_STATUSES).execute(),
        own()
          .orderBy('r.createdAt', 'desc')
          .orderBy('r.id', 'desc')
          .limit(newest + 1)
          .execute(),
        own()
          .where('r.status', 'in', ['played', 'rejected'])
          .orderBy('r.updatedAt', 'desc')
          .orderBy('r.id', 'desc')
          .limit(completed)
          .execute(),
      ]);
      const listed = recent.slice(0, newest);
      const byId = new Map([...open, ...listed, ...done].map((row) => [row.id, row]));
      const requests = (await shown([...byId.values()])).sort(newestFirst);
      const oldest = listed.at(-1);
      const older = recent.length > newest && oldest ? positionOf(oldest) : null;
      return { requests, older };
    },

    /**
     * Requests created or changed at or after `from`, oldest change first. A request whose
     * queue_position changed has a newer updated_at (queue-positions.ts), so it is here.
     */
    async changedSince(musicianId: string, from: Date): Promise<SongRequest[]> {
      const rows = await selectVisible(db)
        .where('r.musicianId', '=', musicianId)
        .where('r.updatedAt', '>=', from)
        .orderBy('r.updatedAt', 'asc')
        .orderBy('r.id', 'asc')
        .execute();
      return shown(rows);
    },

    /** One page of history older than `before`, newest first; `older` continues from its end. */
    async olderThan(
      musicianId: string,
      before: HistoryPosition,
      limit: number,
    ): Promise<{ requests: SongRequest[]; older: HistoryPosition | null }> {
      const rows = await selectVisible(db)
        .where('r.musicianId', '=', musicianId)
        .where((eb) =>
          eb(
            eb.refTuple('r.createdAt', 'r.id'),
            '<',
            eb.tuple(new Date(before.createdAt), before.id),
          ),
        )
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const older = rows.length > limit && last ? positionOf(last) : null;
      return { requests: await shown(page), older };
    },
  };
}
