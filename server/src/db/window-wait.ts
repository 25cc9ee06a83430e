import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';
import { rowsOf } from './rows-of.ts';

/** A table whose rows count toward a limit, and which of them (`where` reads the table as `r`). */
export interface Counted {
  table: PgTable;
  where: SQL;
}

/**
 * Every per-person and per-musician limit has the shape "at most `max` in the last
 * `windowMinutes`". As an SQL value: the seconds until the `max`-th newest counted row leaves the
 * window, which is when one more is allowed again, or NULL while fewer than `max` are in it. Each
 * table is read newest first through its created_at index, `max` rows at most, so a requester
 * with years of history costs what one with a few does. A value, so a larger statement can read
 * it along with everything else it needs (a suggestion's admission does; a request's limits are
 * counted in features/requests/submission-reads.ts). The limits may be placeholders,
 * for a statement prepared once (prepared-statement.ts).
 */
export function windowWaitSql(
  counted: Counted[],
  windowMinutes: number | Placeholder,
  max: number | Placeholder,
): SQL {
  const window = sql`make_interval(mins => ${windowMinutes}::int)`;
  const newest = counted.map(
    ({ table, where }) => sql`(SELECT r.created_at FROM ${table} r
      WHERE r.created_at > now() - ${window} AND ${where}
      ORDER BY r.created_at DESC LIMIT ${max}::int)`,
  );
  return sql`(
    SELECT extract(epoch FROM (created_at + ${window} - now()))::float8
    FROM (${sql.join(newest, sql` UNION ALL `)}) recent
    ORDER BY created_at DESC
    OFFSET ${max}::int - 1 LIMIT 1)`;
}

/** windowWaitSql read on its own. */
export async function secondsUntilFree(
  db: Db,
  counted: Counted[],
  windowMinutes: number,
  max: number,
): Promise<number | null> {
  const result = await db.execute(
    sql`SELECT ${windowWaitSql(counted, windowMinutes, max)} AS wait`,
  );
  const wait = rowsOf<{ wait: number | string | null }>(result)[0]?.wait ?? null;
  return wait === null ? null : Number(wait);
}
