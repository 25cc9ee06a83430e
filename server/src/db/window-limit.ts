import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from './tables.ts';

/**
 * Every per-person and per-musician limit has the shape "at most `max` in the last
 * `windowMinutes`". Given the creation times of the newest counted rows inside the window (newest
 * first, `max` at most: a repository reads them through its created_at index), the seconds until
 * the `max`-th newest leaves the window, which is when one more is allowed again; null while fewer
 * than `max` are in it. (window-wait.ts says the same in SQL for the queries still on Drizzle.)
 */
export function secondsUntilFree(
  newestFirst: readonly Date[],
  windowMinutes: number,
  max: number,
  now: Date,
): number | null {
  const leaving = newestFirst[max - 1];
  if (!leaving) return null;
  return (leaving.getTime() + windowMinutes * 60_000 - now.getTime()) / 1000;
}

/** Where a limit's window starts at `now`: rows created after this count. */
export const windowStart = (windowMinutes: number, now: Date) =>
  new Date(now.getTime() - windowMinutes * 60_000);

/** The tables whose rows a submission limit counts, each with its created_at index. */
type CountedTable = 'tips' | 'songSuggestions' | 'contactMessages';

/**
 * The wait a limit sets (secondsUntilFree) for the rows `query` names: the newest of them inside
 * the window, `max` at most, read newest first through the table's created_at index. A
 * repository says which rows count (a musician's, one phone's, one address's); this reads them.
 */
export async function waitOfNewest<TB extends CountedTable>(
  query: SelectQueryBuilder<DB, TB, object>,
  limit: { windowMinutes: number; max: number },
  now: Date,
): Promise<number | null> {
  const createdAt = sql.ref<Date>('createdAt');
  const rows = await query
    .select(createdAt.as('createdAt'))
    .where(createdAt, '>', windowStart(limit.windowMinutes, now))
    .orderBy(createdAt, 'desc')
    .limit(limit.max)
    .execute();
  return secondsUntilFree(
    rows.map((row) => row.createdAt),
    limit.windowMinutes,
    limit.max,
    now,
  );
}
