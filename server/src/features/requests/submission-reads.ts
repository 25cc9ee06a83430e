import { sql } from 'drizzle-orm';
import type { QueueOrder } from '#shared/schemas/queue-order.ts';
import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { limitWindows, type AdmissionState } from './request-admission.ts';
import type { Submission } from './submission-types.ts';

// What a request's admission reads, in two statements, each of one musician's rows through the
// indexes made for them: storage only, every rule is request-admission.ts's. Plain SQL both
// engines run: the time and the windows' starts come from the server's clock.

const p = (name: string) => sql.placeholder(name);

/** The max-th newest `created_at` of rows of `from` (with alias r) matching `where`, since `since`. */
const newest = (from: ReturnType<typeof sql.raw>, where: ReturnType<typeof sql>, since: string) =>
  sql`SELECT created_at FROM (SELECT r.id, r.created_at FROM ${from} r
    WHERE r.musician_id = ${p('musicianId')} AND ${where} AND r.created_at > ${p(since)}
    ORDER BY r.created_at DESC LIMIT ${p(`${since}Max`)}) a`;

const requestsTable = sql.raw('requests');
const votersTable = sql.raw('request_voters');

/** The requester's rows (email or phone; a row of both counted once), requests and +1s alike. */
const requesterRows = (table: ReturnType<typeof sql.raw>, kind: 'request' | 'voter') => sql`
  SELECT ${sql.raw(`'${kind}'`)} AS kind, id, created_at FROM (SELECT r.id, r.created_at FROM ${table} r
    WHERE r.musician_id = ${p('musicianId')} AND lower(r.requester_email) = ${p('emailLower')}
      AND r.created_at > ${p('requesterSince')}
    ORDER BY r.created_at DESC LIMIT ${p('requesterMax')}) e
  UNION
  SELECT ${sql.raw(`'${kind}'`)}, id, created_at FROM (SELECT r.id, r.created_at FROM ${table} r
    WHERE r.musician_id = ${p('musicianId')} AND r.device_id = ${p('deviceId')}
      AND r.device_id <> '' AND r.created_at > ${p('requesterSince')}
    ORDER BY r.created_at DESC LIMIT ${p('requesterMax')}) d`;

/** The newest of `rows` at the limit: the max-th newest, or NULL while fewer are there. */
const atLimit = (rows: ReturnType<typeof sql>, offset: string) =>
  sql`(SELECT created_at FROM (${rows}) counted
    ORDER BY created_at DESC LIMIT 1 OFFSET ${p(offset)})`;

/** The song, its musician's settings and running show, and every count of one value. */
const stateStatement = preparedQuery(
  'requests_admission_state',
  sql`
    SELECT s.musician_id, s.hidden, m.requests_enabled, m.requests_open_at, m.requests_close_at,
      m.queue_order, m.repeat_rule, m.repeat_hours, sh.id AS show_id, sh.name AS show_name,
      s.title, s.artist,
      EXISTS (SELECT 1 FROM requests r
          WHERE r.musician_id = ${p('musicianId')} AND r.idempotency_key = ${p('key')})
        OR EXISTS (SELECT 1 FROM request_voters v
          WHERE v.musician_id = ${p('musicianId')} AND v.idempotency_key = ${p('key')})
        AS key_used,
      EXISTS (SELECT 1 FROM playlists a
        WHERE a.musician_id = s.musician_id AND a.is_active AND a.is_public) AS public_set_playing,
      EXISTS (SELECT 1 FROM playlist_songs ps JOIN playlists pl ON pl.id = ps.playlist_id
        WHERE ps.song_id = s.id AND pl.is_public) AS in_public_set,
      (SELECT count(*) FROM requests r
        WHERE r.musician_id = ${p('musicianId')} AND r.status IN ('pending', 'accepted')
          AND NOT r.blocked) AS waiting_count,
      (SELECT max(r.created_at) FROM requests r
        WHERE r.musician_id = ${p('musicianId')} AND r.status IN ('pending', 'accepted')
          AND NOT r.blocked) AS newest_waiting_at,
      (SELECT max(r.played_at) FROM requests r
        WHERE r.musician_id = s.musician_id AND r.song_id = s.id AND r.status = 'played'
          AND NOT r.blocked) AS last_played_at,
      (SELECT max(r.played_at) FROM requests r
        WHERE r.musician_id = s.musician_id AND r.song_id = s.id AND r.status = 'played'
          AND NOT r.blocked AND r.show_id = sh.id) AS last_played_in_show,
      ${atLimit(
        sql`${requesterRows(requestsTable, 'request')} UNION ${requesterRows(votersTable, 'voter')}`,
        'requesterOffset',
      )} AS requester_at_limit,
      ${atLimit(
        sql`${newest(requestsTable, sql`true`, 'musicianSince')}
          UNION ALL ${newest(votersTable, sql`true`, 'musicianSince')}`,
        'musicianOffset',
      )} AS musician_at_limit,
      ${atLimit(
        sql`${newest(requestsTable, sql`r.source = ${p('source')}`, 'sourceSince')}
          UNION ALL ${newest(votersTable, sql`r.source = ${p('source')}`, 'sourceSince')}`,
        'sourceOffset',
      )} AS source_at_limit
    FROM songs s
    JOIN musicians m ON m.id = s.musician_id
    LEFT JOIN shows sh ON sh.musician_id = s.musician_id AND sh.status = 'active'
    WHERE s.id = ${p('songId')}`,
);

/**
 * The song's open requests (of any show, blocked requesters' too) with the +1s on them, and the
 * musician's blocklist entries with this email or phone.
 */
const rowsStatement = preparedQuery(
  'requests_admission_rows',
  sql`
    SELECT 'waiting' AS kind, r.id, r.id AS request_id, r.show_id, r.blocked,
      r.requester_email AS email, r.device_id, r.created_at, r.tip_amount, r.votes
    FROM requests r
    WHERE r.musician_id = ${p('musicianId')} AND r.song_id = ${p('songId')}
      AND r.status IN ('pending', 'accepted', 'up_next')
    UNION ALL
    SELECT 'voter', v.id, v.request_id, NULL, false, v.requester_email, v.device_id,
      v.created_at, v.tip_amount, 1
    FROM request_voters v JOIN requests r ON r.id = v.request_id
    WHERE r.musician_id = ${p('musicianId')} AND r.song_id = ${p('songId')}
      AND r.status IN ('pending', 'accepted', 'up_next')
    UNION ALL
    SELECT 'blocked', b.id, NULL, NULL, true, b.email, b.device_id, b.created_at, 0, 1
    FROM blocked_requesters b
    WHERE b.musician_id = ${p('musicianId')}
      AND (lower(b.email) = ${p('emailLower')} OR b.device_id = ${p('deviceId')})`,
);

/** A timestamp as either engine answers an expression: a Date, text, or milliseconds. */
export const dateOf = (value: Date | string | number | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

type Time = Date | string | number | null;

interface StateRow {
  musician_id: string;
  hidden: boolean;
  requests_enabled: boolean;
  requests_open_at: Time;
  requests_close_at: Time;
  queue_order: QueueOrder;
  repeat_rule: string;
  repeat_hours: number;
  show_id: string | null;
  show_name: string | null;
  title: string;
  artist: string;
  key_used: boolean;
  public_set_playing: boolean;
  in_public_set: boolean;
  waiting_count: number | string;
  newest_waiting_at: Time;
  last_played_at: Time;
  last_played_in_show: Time;
  requester_at_limit: Time;
  musician_at_limit: Time;
  source_at_limit: Time;
}

interface SubmissionRow {
  kind: 'waiting' | 'voter' | 'blocked';
  id: string;
  request_id: string | null;
  show_id: string | null;
  blocked: boolean;
  email: string;
  device_id: string;
  created_at: Time;
  tip_amount: string | number;
  votes: number;
}

/** The admission's state, with what the filing copies onto a new request. */
export type SubmissionState = AdmissionState & {
  song: { title: string; artist: string };
  runningShowName: string | null;
  /** The waiting column (not Up Next), for a new request's place at its end. */
  waitingColumn: { count: number; newestCreatedAt: Date | null };
};

/** Reads what the admission decides from; undefined for an unknown song. */
export async function admissionState(
  tx: Db,
  submission: Submission,
): Promise<SubmissionState | undefined> {
  const { limits, now } = submission;
  const windows = limitWindows(limits.perRequester.windowMinutes, now);
  const emailLower = submission.requesterEmail.toLowerCase();
  const [state] = rowsOf<StateRow>(
    await stateStatement(tx, {
      musicianId: submission.musicianId,
      songId: submission.songId,
      key: submission.idempotencyKey,
      emailLower,
      deviceId: submission.deviceId,
      source: submission.source,
      requesterSince: windows.requesterSince,
      requesterMax: limits.perRequester.max,
      requesterOffset: limits.perRequester.max - 1,
      musicianSince: windows.minuteSince,
      musicianSinceMax: limits.perMusicianPerMinute,
      musicianOffset: limits.perMusicianPerMinute - 1,
      sourceSince: windows.minuteSince,
      sourceSinceMax: limits.perAddressPerMinute,
      sourceOffset: limits.perAddressPerMinute - 1,
    }),
  );
  if (!state) return undefined;
  const rows = rowsOf<SubmissionRow>(
    await rowsStatement(tx, {
      musicianId: submission.musicianId,
      songId: submission.songId,
      emailLower,
      deviceId: submission.deviceId,
    }),
  );
  const stored = (row: SubmissionRow) => ({ email: row.email, deviceId: row.device_id });
  return {
    song: {
      id: submission.songId,
      musicianId: state.musician_id,
      hidden: state.hidden,
      title: state.title,
      artist: state.artist,
    },
    musician: {
      requestsEnabled: state.requests_enabled,
      requestsOpenAt: dateOf(state.requests_open_at),
      requestsCloseAt: dateOf(state.requests_close_at),
      queueOrder: state.queue_order,
      repeatRule: state.repeat_rule,
      repeatHours: state.repeat_hours,
    },
    runningShowId: state.show_id,
    runningShowName: state.show_name,
    waitingColumn: {
      count: Number(state.waiting_count),
      newestCreatedAt: dateOf(state.newest_waiting_at),
    },
    keyUsed: state.key_used,
    publicSetPlaying: state.public_set_playing,
    inPublicSet: state.in_public_set,
    plays: {
      lastPlayedAt: dateOf(state.last_played_at),
      lastPlayedInRunningShow: dateOf(state.last_played_in_show),
    },
    waiting: rows
      .filter((row) => row.kind === 'waiting')
      .map((row) => ({
        ...stored(row),
        id: row.id,
        showId: row.show_id,
        blocked: row.blocked,
        createdAt: dateOf(row.created_at)!,
        tipAmount: Number(row.tip_amount),
        votes: row.votes,
      })),
    voters: rows
      .filter((row) => row.kind === 'voter')
      .map((row) => ({ ...stored(row), requestId: row.request_id! })),
    blocklist: rows.filter((row) => row.kind === 'blocked').map(stored),
    atLimit: {
      requester: dateOf(state.requester_at_limit),
      musician: dateOf(state.musician_at_limit),
      source: dateOf(state.source_at_limit),
    },
  };
}
