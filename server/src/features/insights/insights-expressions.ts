/** The SQL expressions the insights statements share (insights-repository.ts). */
import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/** lower(trim(column)): how SQL spells a song key's half (trim takes off spaces only). */
export const folded = (column: string) => sql<string>`lower(trim(${sql.ref(column)}))`;

/**
 * The asker of a request or +1: their email, else their phone (X-Device-Id), else the ask
 * itself. Prefixed, so an email can never equal a device id.
 */
export const askerOf = (alias: 'r' | 'v') =>
  sql<string>`coalesce('email:' || nullif(lower(${sql.ref(`${alias}.requesterEmail`)}), ''),
    'device:' || nullif(${sql.ref(`${alias}.deviceId`)}, ''),
    'ask:' || cast(${sql.ref(`${alias}.id`)} as text))`;

/**
 * A request of the musician's songs that was not played and counts as such: turned down, or
 * still waiting but from a show that is no longer running. Blocked requesters never count.
 */
export function unplayed(
  eb: ExpressionBuilder<DB & { r: DB['requests'] }, 'r'>,
  musicianId: string,
) {
  const running = eb
    .selectFrom('shows')
    .select('shows.id')
    .where('shows.musicianId', '=', musicianId)
    .where('shows.status', '=', 'active');
  return eb.and([
    eb('r.blocked', '=', false),
    eb('r.songId', 'is not', null),
    eb('r.status', '<>', 'played'),
    eb.or([
      eb('r.status', '=', 'rejected'),
      eb.and([eb('r.showId', 'is not', null), eb('r.showId', 'not in', running)]),
    ]),
  ]);
}

/** An aggregate's timestamp comes back as each engine gives it: a Date, or milliseconds. */
export const timeOf = (value: unknown) => new Date(value as Date | number | string);
