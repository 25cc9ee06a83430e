import { sql } from 'drizzle-orm';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { Db } from '#server/db/database.ts';
import { lockMusician } from '#server/db/musician-lock.ts';
import { preparedStatement } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { requests, requestVoters } from '#server/db/schema.ts';
import { admit } from './request-admission.ts';
import { addWarmUpMusician, removeWarmUpMusician } from './submission-warm-up.ts';
import { admissionState } from './submission-reads.ts';
import { fileAdmitted } from './submission-filing.ts';
import type { Filed, FirstSubmission, Submission } from './submission-types.ts';

export type { AdmissionLimits, Filed, FirstSubmission, Submission } from './submission-types.ts';

/**
 * The audience's side of requests: limits, idempotent replays, merging. `findById` reads a
 * request as the musician's devices see it (the repository's own).
 */
export function requestSubmissionsRepository(
  db: Db,
  findById: (requestId: string) => Promise<SongRequest | undefined>,
) {
  const p = (name: string) => sql.placeholder(name);

  // Every audience request runs this: built once (and prepared once per connection).
  const songsOfOwner = preparedStatement(
    db,
    'requests_songs_of_owner',
    sql`
      SELECT o.musician_id, array_agg(s.id) AS song_ids
      FROM songs o JOIN songs s ON s.musician_id = o.musician_id
      WHERE o.id = ${p('songId')}::uuid
      GROUP BY o.musician_id`,
  );

  return {
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
     * Admits, files and answers a request, race-safe: one transaction that takes the musician's
     * lock (musician-lock.ts), so submissions to one musician are decided one at a time, each
     * counting every one filed before it; reads what the rules need (submission-reads.ts);
     * lets request-admission.ts decide, in the order the service answers; and writes the
     * outcome: a +1 on the song's waiting request, or a new request at its place in the queue
     * (queue-positions.ts), with the others it moves. A new request comes back as the
     * musician's devices see it; a +1 is read again (its voters), a blocked requester's is
     * never shown. Undefined for an unknown song.
     */
    async submit(submission: Submission): Promise<Filed | undefined> {
      const filed = await db.transaction(async (tx) => {
        await lockMusician(tx, submission.musicianId);
        const state = await admissionState(tx, submission);
        if (!state) return undefined;
        const admission = admit(state, {
          musicianId: submission.musicianId,
          requester: { email: submission.requesterEmail, deviceId: submission.deviceId },
          tipAmount: submission.tipAmount,
          requesterWindowMinutes: submission.limits.perRequester.windowMinutes,
          now: submission.now,
        });
        return fileAdmitted(tx, submission, state, admission);
      });
      if (filed?.outcome !== 'merged') return filed;
      // A +1: the request with everyone's names and dedications, read after the filing.
      return { ...filed, request: await findById(filed.requestId) };
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
