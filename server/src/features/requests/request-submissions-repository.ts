import { sql } from 'drizzle-orm';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { SubmissionLimit } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { preparedStatement } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { musicians, requests, requestVoters, songs } from '#server/db/schema.ts';
import { blockedSql } from '#server/submissions/blocked-requester-sql.ts';
import { repeatPlayedAtSql } from '#server/submissions/repeat-rule-sql.ts';
import type { Requester } from '#server/submissions/requester.ts';

/**
 * What is known of a submission before it is filed, read in one round trip. Its limits are not
 * here: they are decided where it is filed, under the musician's lock (submit).
 */
export interface Admission {
  musicianId: string;
  hidden: boolean;
  requestsEnabled: boolean;
  /** The request window (the service reads it with its clock). */
  requestsOpenAt: Date | null;
  requestsCloseAt: Date | null;
  /** The Idempotency-Key filed something already: a retry. */
  keyUsed: boolean;
  blocked: boolean;
  /** When the song was played, if the musician's no-repeats rule holds it back now. */
  playedAt: Date | null;
}

export interface AdmissionLimits {
  perRequester: SubmissionLimit;
  perMusicianPerMinute: number;
  perAddressPerMinute: number;
}

/** What an Idempotency-Key filed the first time, as stored (a request, or a +1 on one). */
export interface FirstSubmission {
  kind: 'request' | 'voter';
  requestId: string;
  fields: {
    song_id: string | null;
    requester_name: string;
    requester_email: string;
    dedication: string;
    tip_amount: number;
  };
}

export interface Submission {
  songId: string;
  requesterName: string;
  requesterEmail: string;
  dedication: string;
  tipAmount: number;
  deviceId: string;
  idempotencyKey: string | null;
  statusTokenHash: string;
  /** From a blocked requester: stored apart, never merged, never counted on the song. */
  blocked: boolean;
  /** The sending address, keyed (submission-source.ts). */
  source: string;
  limits: AdmissionLimits;
}

export type Filed =
  | { outcome: 'unavailable'; hidden: boolean; requestsEnabled: boolean }
  /** The key was used a moment ago by a submission that won the race: answer with that one. */
  | { outcome: 'replay' }
  /** Refused by the requester's own limit: seconds until one more is allowed. */
  | { outcome: 'requester_limit'; waitSeconds: number }
  /** Refused by the musician's budget per minute, or by this address's share of it. */
  | { outcome: 'musician_limit'; waitSeconds: number }
  /** The no-repeats rule holds the song back: it was played then (decided under the lock). */
  | { outcome: 'repeat'; playedAt: Date }
  /** The same person's request for this song already waits: theirs, unchanged. */
  | { outcome: 'already'; musicianId: string; requestId: string }
  | {
      outcome: 'created' | 'merged';
      musicianId: string;
      requestId: string;
      /** As the musician sees it; undefined when a blocked requester filed it. */
      request: SongRequest | undefined;
      /** Requests whose queue_position the filing changed (this one included, if it moved). */
      moved: string[];
    };

/**
 * The audience's side of requests: limits, idempotent replays, merging. `findById` reads a
 * request as the musician's devices see it (the repository's own).
 */
export function requestSubmissionsRepository(
  db: Db,
  findById: (requestId: string) => Promise<SongRequest | undefined>,
) {
  const p = (name: string) => sql.placeholder(name);

  // Every audience request runs the three statements below: each is built once (and prepared
  // once per connection), which keeps the request's own work small under a crowd's load.
  const songOwner = sql`s.musician_id`;
  const admissionStatement = preparedStatement(
    db,
    'requests_admission',
    sql`
      SELECT s.musician_id, s.hidden, m.requests_enabled, m.requests_open_at, m.requests_close_at,
        (${p('key')}::text IS NOT NULL AND EXISTS (SELECT 1 FROM ${requests}
          WHERE musician_id = ${songOwner} AND idempotency_key = ${p('key')}::text
          UNION ALL
          SELECT 1 FROM ${requestVoters}
          WHERE musician_id = ${songOwner} AND idempotency_key = ${p('key')}::text)) AS key_used,
        ${blockedSql(songOwner, p('emailLower'), p('deviceId'))} AS blocked,
        ${repeatPlayedAtSql(songOwner, sql`s.id`)} AS played_at
      FROM ${songs} s JOIN ${musicians} m ON m.id = s.musician_id
      WHERE s.id = ${p('songId')}::uuid`,
  );
  const fileRequest = preparedStatement(
    db,
    'requests_file',
    sql`
      SELECT outcome, musician_id, request_id, song_hidden, requests_enabled, wait_seconds,
        played_at, moved
      FROM file_request(${p('songId')}::uuid, ${p('name')}::text, ${p('email')}::text,
        ${p('dedication')}::text, ${p('tip')}::numeric, ${p('deviceId')}::text,
        ${p('key')}::text, ${p('statusTokenHash')}::text, ${p('blocked')}::boolean,
        ${p('source')}::text, ${p('windowMinutes')}::int, ${p('perRequester')}::int,
        ${p('perMusician')}::int, ${p('perSource')}::int)`,
  );

  return {
    /**
     * The song's owner and state, whether the key was used, the blocklist, and when the song was
     * played if the no-repeats rule holds it back: one statement,
     * since each round trip into the embedded database costs more than the work it asks for.
     */
    async admission(
      songId: string,
      key: string | null,
      who: Requester,
    ): Promise<Admission | undefined> {
      const result = await admissionStatement({
        songId,
        key,
        emailLower: who.email.toLowerCase(),
        deviceId: who.deviceId,
      });
      const [row] = rowsOf<{
        musician_id: string;
        hidden: boolean;
        requests_enabled: boolean;
        requests_open_at: Date | string | null;
        requests_close_at: Date | string | null;
        key_used: boolean;
        blocked: boolean;
        played_at: Date | string | null;
      }>(result);
      const time = (value: Date | string | null) => (value === null ? null : new Date(value));
      return (
        row && {
          musicianId: row.musician_id,
          hidden: row.hidden,
          requestsEnabled: row.requests_enabled,
          requestsOpenAt: time(row.requests_open_at),
          requestsCloseAt: time(row.requests_close_at),
          keyUsed: row.key_used,
          blocked: row.blocked,
          playedAt: row.played_at === null ? null : new Date(row.played_at),
        }
      );
    },

    async firstSubmission(musicianId: string, key: string): Promise<FirstSubmission | undefined> {
      const result = await db.execute(sql`
        SELECT 'request' AS kind, r.id AS request_id, r.song_id, r.requester_name,
          r.requester_email, r.dedication,
          -- The request row holds everyone's tips; the requester's own is what no +1 added.
          greatest(r.tip_amount - coalesce((SELECT sum(o.tip_amount) FROM ${requestVoters} o
            WHERE o.request_id = r.id), 0), 0) AS tip_amount
        FROM ${requests} r WHERE r.musician_id = ${musicianId} AND r.idempotency_key = ${key}
        UNION ALL
        SELECT 'voter', v.request_id, r.song_id, v.requester_name, v.requester_email,
          v.dedication, v.tip_amount
        FROM ${requestVoters} v JOIN ${requests} r ON r.id = v.request_id
        WHERE v.musician_id = ${musicianId} AND v.idempotency_key = ${key}
        LIMIT 1`);
      const [row] = rowsOf<
        FirstSubmission['fields'] & { kind: 'request' | 'voter'; request_id: string }
      >(result);
      if (!row) return undefined;
      const { kind, request_id, ...fields } = row;
      return {
        kind,
        requestId: request_id,
        fields: { ...fields, tip_amount: Number(fields.tip_amount) },
      };
    },

    /**
     * Files a request, race-safe, in one statement: the database function `file_request`
     * (migration 0009) first takes a lock of the musician's, so submissions to one musician are
     * decided one at a time, and everything is decided under it:
     * - the same person (email or device) asking again for a song of theirs still waiting gets
     *   that request back ('already'), counting nothing: a +1 is one person;
     * - the requester's limit, the musician's budget per minute and this address's share of it,
     *   each counted with every submission filed before this one, so none over-admits;
     * - the song's waiting request takes another person's ask as a +1 (votes 2), never a second
     *   request. Only a request of the same show (or of no show) takes +1s: last week's
     *   forgotten request does not swallow tonight's.
     */
    async submit(submission: Submission): Promise<Filed | undefined> {
      const result = await fileRequest({
        songId: submission.songId,
        name: submission.requesterName,
        email: submission.requesterEmail,
        dedication: submission.dedication,
        tip: submission.tipAmount,
        deviceId: submission.deviceId,
        key: submission.idempotencyKey,
        statusTokenHash: submission.statusTokenHash,
        blocked: submission.blocked,
        source: submission.source,
        windowMinutes: submission.limits.perRequester.windowMinutes,
        perRequester: submission.limits.perRequester.max,
        perMusician: submission.limits.perMusicianPerMinute,
        perSource: submission.limits.perAddressPerMinute,
      });
      const [filed] = rowsOf<{
        outcome: Filed['outcome'];
        musician_id: string;
        request_id: string | null;
        song_hidden: boolean;
        requests_enabled: boolean;
        wait_seconds: number | null;
        played_at: Date | string | null;
        moved: string[] | string | null;
      }>(result);
      if (!filed) return undefined;
      if (filed.outcome === 'unavailable') {
        return {
          outcome: 'unavailable',
          hidden: filed.song_hidden,
          requestsEnabled: filed.requests_enabled,
        };
      }
      if (filed.outcome === 'replay') return { outcome: 'replay' };
      if (filed.outcome === 'requester_limit' || filed.outcome === 'musician_limit') {
        return { outcome: filed.outcome, waitSeconds: Number(filed.wait_seconds) };
      }
      if (filed.outcome === 'repeat') {
        return { outcome: 'repeat', playedAt: new Date(filed.played_at!) };
      }
      if (filed.outcome === 'already') {
        return { outcome: 'already', musicianId: filed.musician_id, requestId: filed.request_id! };
      }
      const requestId = filed.request_id!;
      return {
        outcome: filed.outcome,
        musicianId: filed.musician_id,
        requestId,
        // As the musician's devices will see it (a blocked requester's is never shown), read
        // after the filing set its place in line.
        request: await findById(requestId),
        moved: uuidArray(filed.moved),
      };
    },
  };
}

/** A uuid[] column: an array from node-postgres and PGlite, its text form from a raw driver. */
function uuidArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}

export type RequestSubmissionsRepository = ReturnType<typeof requestSubmissionsRepository>;
