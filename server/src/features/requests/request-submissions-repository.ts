import type { Kysely } from 'kysely';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';
import { lockedFor } from './locked-for.ts';
import { admit } from './request-admission.ts';
import { statementOnce } from '#server/db/statement-once.ts';
import { addWarmUpMusician, removeWarmUpMusician } from './submission-warm-up.ts';
import { admissionState } from './submission-reads.ts';
import { fileAdmitted } from './submission-filing.ts';
import type { Filed, FirstSubmission, Submission } from './submission-types.ts';

export type { AdmissionLimits, Filed, FirstSubmission, Submission } from './submission-types.ts';

/** Every song of the song's musician (a song never changes hands): built and compiled once. */
const songsOfOwner = statementOnce((db, values: { songId: string }) =>
  db
    .selectFrom('songs as o')
    .innerJoin('songs as s', 's.musicianId', 'o.musicianId')
    .select(['o.musicianId', 's.id'])
    .where('o.id', '=', values.songId),
);

/** What an Idempotency-Key filed first, a request or a +1 (the +1s on the request with it). */
const firstFiled = statementOnce((db, values: { musicianId: string; key: string }) =>
  db
    .selectFrom('requests as r')
    .leftJoin('requestVoters as o', 'o.requestId', 'r.id')
    .select([
      'r.id as requestId',
      'r.songId',
      'r.requesterName',
      'r.requesterEmail',
      'r.dedication',
      'r.tipAmount',
      'o.tipAmount as joinedTip',
    ])
    .where('r.musicianId', '=', values.musicianId)
    .where('r.idempotencyKey', '=', values.key),
);
const firstJoined = statementOnce((db, values: { musicianId: string; key: string }) =>
  db
    .selectFrom('requestVoters as v')
    .innerJoin('requests as r', 'r.id', 'v.requestId')
    .select([
      'v.requestId',
      'r.songId',
      'v.requesterName',
      'v.requesterEmail',
      'v.dedication',
      'v.tipAmount',
    ])
    .where('v.musicianId', '=', values.musicianId)
    .where('v.idempotencyKey', '=', values.key)
    .limit(1),
);

/** In whole cents: what the +1s added taken from everyone's tips on the request, never below 0. */
const ownTip = (total: string, joined: readonly (string | null)[]) =>
  Math.max(
    0,
    Math.round(Number(total) * 100) -
      joined.reduce((cents, tip) => cents + Math.round(Number(tip ?? 0) * 100), 0),
  ) / 100;

/**
 * The audience's side of requests: limits, idempotent replays, merging. `findById` reads a
 * request as the musician's devices see it (the repository's own).
 */
export function requestSubmissionsRepository(
  db: Kysely<DB>,
  findById: (requestId: string) => Promise<SongRequest | undefined>,
) {
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
      const rows = await songsOfOwner(db, { songId });
      return rows[0] && { musicianId: rows[0].musicianId, songIds: rows.map((row) => row.id) };
    },

    /** The musicians of up to `limit` songs: what a process remembers from its start. */
    async songOwners(limit: number): Promise<Array<{ songId: string; musicianId: string }>> {
      const rows = await db.selectFrom('songs').select(['id', 'musicianId']).limit(limit).execute();
      return rows.map((row) => ({ songId: row.id, musicianId: row.musicianId }));
    },

    async firstSubmission(musicianId: string, key: string): Promise<FirstSubmission | undefined> {
      const filed = await firstFiled(db, { musicianId, key });
      const request = filed[0];
      if (request) {
        return {
          kind: 'request',
          requestId: request.requestId,
          fields: {
            song_id: request.songId,
            requester_name: request.requesterName,
            requester_email: request.requesterEmail,
            dedication: request.dedication,
            // The request row holds everyone's tips; the requester's own is what no +1 added.
            tip_amount: ownTip(
              request.tipAmount,
              filed.map((row) => row.joinedTip),
            ),
          },
        };
      }
      const [voter] = await firstJoined(db, { musicianId, key });
      return (
        voter && {
          kind: 'voter',
          requestId: voter.requestId,
          fields: {
            song_id: voter.songId,
            requester_name: voter.requesterName,
            requester_email: voter.requesterEmail,
            dedication: voter.dedication,
            tip_amount: Number(voter.tipAmount),
          },
        }
      );
    },
    /**
     * Admits, files and answers a request, race-safe: one transaction that takes the musician's
     * lock (db/locks.ts), so submissions to one musician are decided one at a time, each
     * counting every one filed before it; reads what the rules need (submission-reads.ts);
     * lets request-admission.ts decide, in the order the service answers; and writes the
     * outcome: a +1 on the song's waiting request, or a new request at its place in the queue
     * (queue-positions.ts), with the others it moves. A new request comes back as the
     * musician's devices see it; a +1 is read again (its voters), a blocked requester's is
     * never shown. Undefined for an unknown song.
     */
    async submit(submission: Submission): Promise<Filed | undefined> {
      const filed = await lockedFor(db, submission.musicianId, async (tx) => {
        const state = await admissionState(tx, submission);
        if (!state) return undefined;
        const admission = admit(state, {
          musicianId: submission.musicianId,
          requester: { email: submission.requesterEmail, deviceId: submission.deviceId },
          tipAmount: submission.tipAmount,
          source: submission.source,
          paid: submission.paid === true,
          requesterWindowMinutes: submission.limits.perRequester.windowMinutes,
          perMusicianPerMinute: submission.limits.perMusicianPerMinute,
          votesPerAddress: submission.limits.votesPerAddress,
          proof: submission.proof,
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

export type RequestSubmissionsRepository = ReturnType<typeof requestSubmissionsRepository>;
