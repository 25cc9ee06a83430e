import { sql } from 'drizzle-orm';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { SubmissionLimit } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { preparedStatement } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { requests, requestVoters } from '#server/db/schema.ts';
import { toSongRequest, type RequestRow } from './request-mapper.ts';
import {
  addWarmUpMusician,
  removeWarmUpMusician,
  warmUpSubmissions,
} from './submission-warm-up.ts';

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
  /** The song's owner as the server knows it: the status token and the source are keyed so. */
  musicianId: string;
  songId: string;
  requesterName: string;
  requesterEmail: string;
  dedication: string;
  tipAmount: number;
  deviceId: string;
  idempotencyKey: string | null;
  statusTokenHash: string;
  /** The sending address, keyed (submission-source.ts). */
  source: string;
  /** The server's clock, which the request window is read by. */
  now: Date;
  limits: AdmissionLimits;
}

export type Filed =
  /** The song is another musician's than the one handed in: nothing was filed. */
  | { outcome: 'owner'; musicianId: string }
  /** The key filed something already: a retry, answered with what it filed. */
  | { outcome: 'replay' }
  | { outcome: 'unavailable'; hidden: boolean }
  /** Outside the musician's request window (read at `now`). */
  | { outcome: 'closed'; requestsOpenAt: Date | null; requestsCloseAt: Date | null }
  /** A public playlist is playing and the song is on none. */
  | { outcome: 'not_in_set' }
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

  // Every audience request runs these: each is built once (and prepared once per connection).
  const songsOfOwner = preparedStatement(
    db,
    'requests_songs_of_owner',
    sql`
      SELECT o.musician_id, array_agg(s.id) AS song_ids
      FROM songs o JOIN songs s ON s.musician_id = o.musician_id
      WHERE o.id = ${p('songId')}::uuid
      GROUP BY o.musician_id`,
  );
  const submitRequest = preparedStatement(
    db,
    'requests_submit',
    sql`
      SELECT * FROM submit_request(${p('musicianId')}::uuid, ${p('songId')}::uuid,
        ${p('name')}::text, ${p('email')}::text, ${p('emailLower')}::text,
        ${p('dedication')}::text, ${p('tip')}::numeric, ${p('deviceId')}::text, ${p('key')}::text,
        ${p('statusTokenHash')}::text, ${p('source')}::text, ${p('now')}::timestamptz,
        ${p('windowMinutes')}::int, ${p('perRequester')}::int, ${p('perMusician')}::int,
        ${p('perSource')}::int)`,
  );

  return {
    /** Compiles submit_request before anyone waits for it (submission-warm-up.ts). */
    warmUpSubmissions: () => warmUpSubmissions(db),
    /** A made-up musician for the request path's warm-up (request-path-warm-up.ts), and its end. */
    addWarmUpMusician: (songs: number) => addWarmUpMusician(db, songs),
    removeWarmUpMusician: (musicianId: string) => removeWarmUpMusician(db, musicianId),

    /**
     * The musician a song belongs to, with every song of theirs (a song never changes hands, so
     * the server remembers them: submissions/song-owners.ts). Undefined for an unknown song.
     */
    async songsOfOwnerOf(
      songId: string,
    ): Promise<{ musicianId: string; songIds: string[] } | undefined> {
      const [row] = rowsOf<{ musician_id: string; song_ids: string[] | string }>(
        await songsOfOwner({ songId }),
      );
      return row && { musicianId: row.musician_id, songIds: uuidArray(row.song_ids) };
    },

    /** The musicians of up to `limit` songs: what a process remembers from its start. */
    async songOwners(limit: number): Promise<Array<{ songId: string; musicianId: string }>> {
      const result = await db.execute(sql`
        SELECT id AS song_id, musician_id FROM songs LIMIT ${limit}`);
      return rowsOf<{ song_id: string; musician_id: string }>(result).map((row) => ({
        songId: row.song_id,
        musicianId: row.musician_id,
      }));
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
     * Admits, files and answers a request in one statement, race-safe: the database function
     * `submit_request` (migration 0017) takes a lock of the musician's, so submissions to one
     * musician are decided one at a time, and decides everything under it, in the order the
     * service answers (a retry, requests off, the window, the playing set, no repeats, the
     * blocklist, the limits):
     * - the same person (email or device) asking again for a song of theirs still waiting gets
     *   that request back ('already'), counting nothing: a +1 is one person;
     * - the requester's limit, the musician's budget per minute and this address's share of it,
     *   each counted with every submission filed before this one, so none over-admits;
     * - the song's waiting request takes another person's ask as a +1 (votes 2), never a second
     *   request. Only a request of the same show (or of no show) takes +1s: last week's
     *   forgotten request does not swallow tonight's.
     * A new request comes back as the musician's devices see it; a +1 is read again (its
     * voters), a blocked requester's is never shown.
     */
    async submit(submission: Submission): Promise<Filed | undefined> {
      const result = await submitRequest({
        musicianId: submission.musicianId,
        songId: submission.songId,
        name: submission.requesterName,
        email: submission.requesterEmail,
        emailLower: submission.requesterEmail.toLowerCase(),
        dedication: submission.dedication,
        tip: submission.tipAmount,
        deviceId: submission.deviceId,
        key: submission.idempotencyKey,
        statusTokenHash: submission.statusTokenHash,
        source: submission.source,
        now: submission.now.toISOString(),
        windowMinutes: submission.limits.perRequester.windowMinutes,
        perRequester: submission.limits.perRequester.max,
        perMusician: submission.limits.perMusicianPerMinute,
        perSource: submission.limits.perAddressPerMinute,
      });
      const [filed] = rowsOf<SubmittedRow>(result);
      return filed && toFiled(filed, findById);
    },
  };
}

/** A row of submit_request: the outcome, and for a new request its columns. */
type SubmittedRow = Omit<
  RequestRow,
  'social_clicks' | 'voters' | 'id' | 'created_at' | 'updated_at'
> & {
  outcome: Filed['outcome'];
  musician_id: string;
  request_id: string | null;
  song_hidden: boolean | null;
  requests_open_at: Date | string | null;
  requests_close_at: Date | string | null;
  wait_seconds: number | null;
  played_at: Date | string | null;
  moved: string[] | string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
};

const time = (value: Date | string | null) => (value === null ? null : new Date(value));

async function toFiled(
  row: SubmittedRow,
  findById: (requestId: string) => Promise<SongRequest | undefined>,
): Promise<Filed> {
  switch (row.outcome) {
    case 'owner':
      return { outcome: 'owner', musicianId: row.musician_id };
    case 'replay':
    case 'not_in_set':
      return { outcome: row.outcome };
    case 'unavailable':
      return { outcome: 'unavailable', hidden: row.song_hidden === true };
    case 'closed':
      return {
        outcome: 'closed',
        requestsOpenAt: time(row.requests_open_at),
        requestsCloseAt: time(row.requests_close_at),
      };
    case 'requester_limit':
    case 'musician_limit':
      return { outcome: row.outcome, waitSeconds: Number(row.wait_seconds) };
    case 'repeat':
      return { outcome: 'repeat', playedAt: new Date(row.played_at!) };
    case 'already':
      return { outcome: 'already', musicianId: row.musician_id, requestId: row.request_id! };
  }
  const requestId = row.request_id!;
  const filed = {
    outcome: row.outcome,
    musicianId: row.musician_id,
    requestId,
    moved: uuidArray(row.moved),
  };
  // A blocked requester's request has no columns here: nothing of it may reach a musician.
  if (row.outcome === 'created' && row.created_at === null) return { ...filed, request: undefined };
  if (row.outcome === 'created')
    return { ...filed, request: toSongRequest(requestOf(row, requestId)) };
  // A +1: the request with everyone's names and dedications, read after the filing.
  return { ...filed, request: await findById(requestId) };
}

/** The new request's columns as the repository's own reads give them (request-columns.ts). */
function requestOf(row: SubmittedRow, id: string): RequestRow {
  return {
    id,
    song_id: row.song_id,
    song_title: row.song_title,
    song_artist: row.song_artist,
    requester_name: row.requester_name,
    requester_email: row.requester_email,
    dedication: row.dedication,
    status: row.status,
    tip_amount: row.tip_amount,
    tip_clicked: row.tip_clicked,
    // Nothing has been clicked on a request filed this instant, and no one has joined it yet.
    social_clicks: [],
    show_id: row.show_id,
    show_name: row.show_name,
    created_at: new Date(row.created_at!),
    updated_at: new Date(row.updated_at!),
    votes: row.votes,
    queue_position: row.queue_position,
    voters: [],
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
