import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { requests } from '#server/db/schema.ts';

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
  db: Db,
  musicianId: string,
  showIds?: readonly string[],
): Promise<Map<string, ShowCounts>> {
  if (showIds?.length === 0) return new Map();
  const rows = await db
    .select({
      showId: requests.showId,
      requestCount: sql<number>`count(*)::int`,
      playedCount: sql<number>`(count(*) FILTER (WHERE ${requests.status} = 'played'))::int`,
    })
    .from(requests)
    .where(
      and(
        eq(requests.musicianId, musicianId),
        showIds ? inArray(requests.showId, [...showIds]) : isNotNull(requests.showId),
      ),
    )
    .groupBy(requests.showId);
  return new Map(
    rows.map((row) => [
      row.showId!,
      { requestCount: Number(row.requestCount), playedCount: Number(row.playedCount) },
    ]),
  );
}
