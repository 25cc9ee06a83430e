import { sql, type Kysely } from 'kysely';
import type { QueueOrder } from '#shared/schemas/queue-order.ts';
import type { DB } from '#server/db/tables.ts';
import { limitWindows, type AdmissionState } from './request-admission.ts';
import { compilable, statementOnce } from '#server/db/statement-once.ts';
import type { Submission } from './submission-types.ts';
import { limitInstants, minuteCount, requesterCount } from './submission-limit-reads.ts';

// What a request's admission reads, in two statements (more only at a limit, see
// submission-limit-reads.ts), each of one musician's rows through the indexes made for them:
// storage only, every rule is request-admission.ts's. Plain SQL both
// engines run, compiled once: the time and the windows' starts come from the server's clock.

interface StateValues {
  musicianId: string;
  songId: string;
  key: string | null;
  emailLower: string;
  deviceId: string;
  source: string;
  requesterSince: Date;
  minuteSince: Date;
}

/**
 * The predicates of the partial indexes these reads are made for, spelt as the indexes spell
 * them (migration 0001: requests_musician_open_idx, requests_musician_song_played_idx). SQLite
 * uses a partial index only when the query repeats its WHERE term; it does not work out that
 * `status = 'played'` falls inside `status IN ('up_next', 'played')`, and its plan read every
 * request of the musician, through another index, for a song's last play (EXPLAIN QUERY PLAN).
 * PostgreSQL works the implication out itself; the repeated term costs it nothing.
 */
const OPEN = sql`r.status IN ('pending', 'accepted', 'up_next')`;
const PLAYED_OR_NEXT = sql`r.status IN ('up_next', 'played')`;

/** The song, its musician's settings and running show, and every count of one value. */
const stateStatement = statementOnce((db: Kysely<DB>, v: StateValues) =>
  compilable(
    db,
    sql<StateRow>`
    SELECT s.musician_id, s.hidden, m.requests_enabled, m.requests_open_at, m.requests_close_at,
      m.queue_order, m.repeat_rule, m.repeat_hours, sh.id AS show_id, sh.name AS show_name,
      s.title, s.artist, s.duration_seconds,
      EXISTS (SELECT 1 FROM requests r
          WHERE r.musician_id = ${v.musicianId} AND r.idempotency_key = ${v.key})
        OR EXISTS (SELECT 1 FROM request_voters v
          WHERE v.musician_id = ${v.musicianId} AND v.idempotency_key = ${v.key})
        AS key_used,
      EXISTS (SELECT 1 FROM playlists a
        WHERE a.musician_id = s.musician_id AND a.is_active AND a.is_public) AS public_set_playing,
      EXISTS (SELECT 1 FROM playlist_songs ps JOIN playlists pl ON pl.id = ps.playlist_id
        WHERE ps.song_id = s.id AND pl.is_public) AS in_public_set,
      w.waiting_count, w.newest_waiting_at,
      (SELECT max(r.played_at) FROM requests r
        WHERE r.musician_id = s.musician_id AND r.song_id = s.id AND ${PLAYED_OR_NEXT}
          AND r.status = 'played' AND NOT r.blocked) AS last_played_at,
      (SELECT max(r.played_at) FROM requests r
        WHERE r.musician_id = s.musician_id AND r.song_id = s.id AND ${PLAYED_OR_NEXT}
          AND r.status = 'played' AND NOT r.blocked AND r.show_id = sh.id) AS last_played_in_show,
      ${requesterCount(v)} AS requester_recent,
      ${minuteCount(v, sql`1 = 1`)} AS musician_recent,
      ${minuteCount(v, sql`r.source = ${v.source}`)} AS source_recent
    FROM songs s
    JOIN musicians m ON m.id = s.musician_id
    LEFT JOIN shows sh ON sh.musician_id = s.musician_id AND sh.status = 'active'
    -- One aggregate, so that SQLite reads the open requests' partial index for both: a max()
    -- of its own takes the created_at index and walks the musician's whole history back.
    CROSS JOIN (SELECT count(*) AS waiting_count, max(r.created_at) AS newest_waiting_at
      FROM requests r
      WHERE r.musician_id = ${v.musicianId} AND ${OPEN} AND r.status IN ('pending', 'accepted')
        AND NOT r.blocked) w
    WHERE s.id = ${v.songId}`,
  ),
);

interface RowsValues {
  musicianId: string;
  songId: string;
  emailLower: string;
  deviceId: string;
}

/**
 * The song's open requests (of any show, blocked requesters' too) with the +1s on them, and the
 * musician's blocklist entries with this email or phone.
 */
const rowsStatement = statementOnce((db: Kysely<DB>, v: RowsValues) =>
  compilable(
    db,
    sql<SubmissionRow>`
    SELECT 'waiting' AS kind, r.id, r.id AS request_id, r.show_id, r.blocked,
      r.requester_email AS email, r.device_id, r.created_at, r.tip_amount, r.votes, r.source
    FROM requests r
    WHERE r.musician_id = ${v.musicianId} AND r.song_id = ${v.songId}
      AND r.status IN ('pending', 'accepted', 'up_next')
    UNION ALL
    SELECT 'voter', v.id, v.request_id, NULL, 0 = 1, v.requester_email, v.device_id,
      v.created_at, v.tip_amount, 1, v.source
    FROM request_voters v JOIN requests r ON r.id = v.request_id
    WHERE r.musician_id = ${v.musicianId} AND r.song_id = ${v.songId}
      AND r.status IN ('pending', 'accepted', 'up_next')
    UNION ALL
    SELECT 'blocked', b.id, NULL, NULL, 1 = 1, b.email, b.device_id, b.created_at, 0, 1, NULL
    FROM blocked_requesters b
    WHERE b.musician_id = ${v.musicianId}
      AND (lower(b.email) = ${v.emailLower} OR b.device_id = ${v.deviceId})`,
  ),
);

interface CrowdValues {
  musicianId: string;
  source: string;
  minuteSince: Date;
}

/**
 * Read only while the musician's budget is full: the addresses that sent within the minute, and
 * this one's submissions among them (request-admission.ts's fair share), through the indexes
 * the budget's own count reads.
 */
const crowdStatement = statementOnce((db: Kysely<DB>, v: CrowdValues) =>
  compilable(
    db,
    sql<{ addresses: number | string; fromSource: number | string | null }>`
    SELECT count(DISTINCT a.source) AS addresses,
      sum(CASE WHEN a.source = ${v.source} THEN 1 ELSE 0 END) AS from_source
    FROM (SELECT r.source FROM requests r
        WHERE r.musician_id = ${v.musicianId} AND r.created_at > ${v.minuteSince}
      UNION ALL
      SELECT r.source FROM request_voters r
        WHERE r.musician_id = ${v.musicianId} AND r.created_at > ${v.minuteSince}) a`,
  ),
);

/** A timestamp as either engine answers an expression: a Date, text, or milliseconds. */
export const dateOf = (value: Date | string | number | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/** A truth as either engine answers an expression: a boolean, or SQLite's 0 or 1. */
export const truthOf = (value: boolean | number | bigint): boolean =>
  value === true || value === 1 || value === 1n;

type Time = Date | string | number | null;
type Truth = boolean | number;

// Rows as CamelCasePlugin hands them (snake_case names in the SQL, camelCase keys here).
interface StateRow {
  musicianId: string;
  hidden: Truth;
  requestsEnabled: Truth;
  requestsOpenAt: Time;
  requestsCloseAt: Time;
  queueOrder: QueueOrder;
  repeatRule: string;
  repeatHours: number;
  showId: string | null;
  showName: string | null;
  title: string;
  artist: string;
  durationSeconds: number | null;
  keyUsed: Truth;
  publicSetPlaying: Truth;
  inPublicSet: Truth;
  waitingCount: number | string;
  newestWaitingAt: Time;
  lastPlayedAt: Time;
  lastPlayedInShow: Time;
  requesterRecent: number | string;
  musicianRecent: number | string;
  sourceRecent: number | string;
}

interface SubmissionRow {
  kind: 'waiting' | 'voter' | 'blocked';
  id: string;
  requestId: string | null;
  showId: string | null;
  blocked: Truth;
  email: string;
  deviceId: string;
  createdAt: Time;
  tipAmount: string | number;
  votes: number;
  source: string | null;
}

/** The admission's state, with what the filing copies onto a new request. */
export type SubmissionState = AdmissionState & {
  song: { title: string; artist: string; durationSeconds: number | null };
  runningShowName: string | null;
  /** The waiting column (not Up Next), for a new request's place at its end. */
  waitingColumn: { count: number; newestCreatedAt: Date | null };
};

/** Reads what the admission decides from; undefined for an unknown song. */
export async function admissionState(
  tx: Kysely<DB>,
  submission: Submission,
): Promise<SubmissionState | undefined> {
  const { limits, now } = submission;
  const windows = limitWindows(limits.perRequester.windowMinutes, now);
  const emailLower = submission.requesterEmail.toLowerCase();
  const [state] = await stateStatement(tx, {
    musicianId: submission.musicianId,
    songId: submission.songId,
    key: submission.idempotencyKey,
    emailLower,
    deviceId: submission.deviceId,
    source: submission.source,
    requesterSince: windows.requesterSince,
    minuteSince: windows.minuteSince,
  });
  if (!state) return undefined;
  const rows = await rowsStatement(tx, {
    musicianId: submission.musicianId,
    songId: submission.songId,
    emailLower,
    deviceId: submission.deviceId,
  });
  const stored = (row: SubmissionRow) => ({ email: row.email, deviceId: row.deviceId });
  const atLimit = await limitInstants(tx, {
    musicianId: submission.musicianId,
    emailLower,
    deviceId: submission.deviceId,
    source: submission.source,
    requesterSince: windows.requesterSince,
    minuteSince: windows.minuteSince,
    counts: {
      requester: Number(state.requesterRecent),
      musician: Number(state.musicianRecent),
      source: Number(state.sourceRecent),
    },
    max: {
      requester: limits.perRequester.max,
      musician: limits.perMusicianPerMinute,
      source: limits.perAddressPerMinute,
    },
  });
  const [crowd] = atLimit.musician
    ? await crowdStatement(tx, {
        musicianId: submission.musicianId,
        source: submission.source,
        minuteSince: windows.minuteSince,
      })
    : [];
  return {
    song: {
      id: submission.songId,
      musicianId: state.musicianId,
      hidden: truthOf(state.hidden),
      title: state.title,
      artist: state.artist,
      durationSeconds: state.durationSeconds === null ? null : Number(state.durationSeconds),
    },
    musician: {
      requestsEnabled: truthOf(state.requestsEnabled),
      requestsOpenAt: dateOf(state.requestsOpenAt),
      requestsCloseAt: dateOf(state.requestsCloseAt),
      queueOrder: state.queueOrder,
      repeatRule: state.repeatRule,
      repeatHours: state.repeatHours,
    },
    runningShowId: state.showId,
    runningShowName: state.showName,
    waitingColumn: {
      count: Number(state.waitingCount),
      newestCreatedAt: dateOf(state.newestWaitingAt),
    },
    keyUsed: truthOf(state.keyUsed),
    publicSetPlaying: truthOf(state.publicSetPlaying),
    inPublicSet: truthOf(state.inPublicSet),
    plays: {
      lastPlayedAt: dateOf(state.lastPlayedAt),
      lastPlayedInRunningShow: dateOf(state.lastPlayedInShow),
    },
    waiting: rows
      .filter((row) => row.kind === 'waiting')
      .map((row) => ({
        ...stored(row),
        id: row.id,
        showId: row.showId,
        blocked: truthOf(row.blocked),
        createdAt: dateOf(row.createdAt)!,
        tipAmount: Number(row.tipAmount),
        votes: Number(row.votes),
        source: row.source,
      })),
    voters: rows
      .filter((row) => row.kind === 'voter')
      .map((row) => ({ ...stored(row), requestId: row.requestId!, source: row.source })),
    blocklist: rows.filter((row) => row.kind === 'blocked').map(stored),
    atLimit,
    crowd: crowd
      ? { addresses: Number(crowd.addresses), fromSource: Number(crowd.fromSource ?? 0) }
      : null,
  };
}
