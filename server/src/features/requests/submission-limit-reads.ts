import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import { compilable, statementOnce } from '#server/db/statement-once.ts';
import type { AdmissionState } from './request-admission.ts';

// The admission's three limits (the requester's in its window, the musician's budget and one
// address's share of it in the minute), read in two steps. The state read counts each limit's
// rows along an index: no row built, none sorted. Only a count at its limit sends for the instant
// that limit frees (the max-th newest row), which needs the rows sorted newest first: every row of
// the minute, for the musician's budget. Nearly every request is far below its limits, and the
// sorted reads had been most of the admission's read (`npm run bench:submission`).

type Fragment = RawBuilder<unknown>;

export interface RequesterValues {
  musicianId: string;
  emailLower: string;
  deviceId: string;
  requesterSince: Date;
}

export interface MinuteValues {
  musicianId: string;
  minuteSince: Date;
}

const requestsTable = sql.raw('requests');
const votersTable = sql.raw('request_voters');

/**
 * The requester's rows of `table` (alias r) since the window's start: theirs by email, and by
 * phone those of another email (a row of both is one row). A phone id of '' is nobody's.
 */
const byRequester = (v: RequesterValues, table: Fragment, columns: Fragment, tail: Fragment) => sql`
  SELECT ${columns} FROM ${table} r
    WHERE r.musician_id = ${v.musicianId} AND lower(r.requester_email) = ${v.emailLower}
      AND r.created_at > ${v.requesterSince} ${tail}`;
const byPhone = (v: RequesterValues, table: Fragment, columns: Fragment, tail: Fragment) => sql`
  SELECT ${columns} FROM ${table} r
    WHERE r.musician_id = ${v.musicianId} AND r.device_id = ${v.deviceId} AND r.device_id <> ''
      AND lower(r.requester_email) <> ${v.emailLower} AND r.created_at > ${v.requesterSince} ${tail}`;

const count = sql`count(*)`;
const none = sql``;

/** The requester's requests and +1s in the window, each counted once. */
export const requesterCount = (v: RequesterValues) => sql`(
  (${byRequester(v, requestsTable, count, none)}) + (${byPhone(v, requestsTable, count, none)})
  + (${byRequester(v, votersTable, count, none)}) + (${byPhone(v, votersTable, count, none)}))`;

/** The musician's requests and +1s matching `where` in the minute. */
export const minuteCount = (v: MinuteValues, where: Fragment) => sql`(
  (SELECT count(*) FROM requests r
    WHERE r.musician_id = ${v.musicianId} AND ${where} AND r.created_at > ${v.minuteSince})
  + (SELECT count(*) FROM request_voters r
    WHERE r.musician_id = ${v.musicianId} AND ${where} AND r.created_at > ${v.minuteSince}))`;

interface LimitValues {
  max: number;
  /** max - 1: the values are slots when the statement is compiled, so no sum is taken there. */
  offset: number;
}

/** The max-th newest created_at of `rows` (each branch already its newest max). */
const maxthNewest = (rows: Fragment, v: LimitValues) =>
  sql<{ atLimit: Date | string | number | null }>`SELECT created_at AS at_limit
    FROM (${rows}) counted ORDER BY created_at DESC LIMIT 1 OFFSET ${v.offset}`;

const newestFirst = (v: LimitValues) => sql`ORDER BY r.created_at DESC LIMIT ${v.max}`;
const createdAt = sql`r.created_at`;
/** A branch of a UNION ALL, its own ORDER BY and LIMIT kept inside (SQLite's rule). */
const branch = (rows: Fragment) => sql`SELECT created_at FROM (${rows}) b`;

const requesterLimitStatement = statementOnce((db: Kysely<DB>, v: RequesterValues & LimitValues) =>
  compilable(
    db,
    maxthNewest(
      sql`${branch(byRequester(v, requestsTable, createdAt, newestFirst(v)))}
        UNION ALL ${branch(byPhone(v, requestsTable, createdAt, newestFirst(v)))}
        UNION ALL ${branch(byRequester(v, votersTable, createdAt, newestFirst(v)))}
        UNION ALL ${branch(byPhone(v, votersTable, createdAt, newestFirst(v)))}`,
      v,
    ),
  ),
);

type MinuteLimitValues = MinuteValues & LimitValues & { source: string };

/** The musician's budget (`byAddress` false) or one address's share of it, in the minute. */
const minuteLimitStatement = (byAddress: boolean) =>
  statementOnce((db: Kysely<DB>, v: MinuteLimitValues) => {
    const where = byAddress ? sql`AND r.source = ${v.source}` : sql``;
    const minute = (table: Fragment) =>
      branch(sql`SELECT r.created_at FROM ${table} r
        WHERE r.musician_id = ${v.musicianId} ${where} AND r.created_at > ${v.minuteSince}
        ${newestFirst(v)}`);
    return compilable(
      db,
      maxthNewest(sql`${minute(requestsTable)} UNION ALL ${minute(votersTable)}`, v),
    );
  });
const musicianLimitStatement = minuteLimitStatement(false);
const sourceLimitStatement = minuteLimitStatement(true);

const dateOf = (value: Date | string | number | null | undefined): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value);

export interface LimitCounts {
  requester: number;
  musician: number;
  source: number;
}

export interface LimitsRead extends RequesterValues, MinuteValues {
  source: string;
  counts: LimitCounts;
  max: LimitCounts;
}

/** The instant each limit frees, for those at their limit; null for the others. */
export async function limitInstants(
  tx: Kysely<DB>,
  read: LimitsRead,
): Promise<AdmissionState['atLimit']> {
  const { counts, max } = read;
  const at = async (
    reached: number,
    limit: number,
    statement: (values: LimitValues) => Promise<{ atLimit: Date | string | number | null }[]>,
  ) =>
    reached < limit
      ? null
      : dateOf((await statement({ max: limit, offset: limit - 1 }))[0]?.atLimit);
  return {
    requester: await at(counts.requester, max.requester, (limit) =>
      requesterLimitStatement(tx, { ...read, ...limit }),
    ),
    musician: await at(counts.musician, max.musician, (limit) =>
      musicianLimitStatement(tx, { ...read, ...limit }),
    ),
    source: await at(counts.source, max.source, (limit) =>
      sourceLimitStatement(tx, { ...read, ...limit }),
    ),
  };
}
