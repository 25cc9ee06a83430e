import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/** How many requests a show has had, and how many of them were played. */
export interface ShowCounts {
  requestCount: number;
  playedCount: number;
}

export const NO_REQUESTS: ShowCounts = { requestCount: 0, playedCount: 0 };

/**
 * Counted by the database over every request of the show, so each device sees the same numbers
 * whatever part of the list it has loaded. One query for any number of shows of one musician.
 */
export async function countRequestsByShow(
  db: Kysely<DB>,
  musicianId: string,
  showIds?: readonly string[],
): Promise<Map<string, ShowCounts>> {
  if (showIds?.length === 0) return new Map();
  const rows = await db
    .selectFrom('requests')
    .select((eb) => [
      'showId',
      eb.fn.countAll().as('requestCount'),
      eb.fn.countAll().filterWhere('status', '=', 'played').as('playedCount'),
    ])
    .where('musicianId', '=', musicianId)
    .where((eb) => (showIds ? eb('showId', 'in', showIds) : eb('showId', 'is not', null)))
    .groupBy('showId')
    .execute();
  // count(*) is a string on PostgreSQL and a number on SQLite.
  return new Map(
    rows.map((row) => [
      row.showId!,
      { requestCount: Number(row.requestCount), playedCount: Number(row.playedCount) },
    ]),
  );
}
