import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { requests, requestVoters, songs } from '#server/db/schema.ts';
import { queueChanges, type QueuedRequest } from './queue-positions.ts';
import { queuedRequests, writeQueueChanges } from './queue-store.ts';
import type { Admission } from './request-admission.ts';
import { toSongRequest } from './request-mapper.ts';
import type { Filed, Submission } from './request-submissions-repository.ts';
import type { SubmissionState } from './submission-reads.ts';

// Writes what request-admission.ts decided, in the transaction and under the lock it was decided
// in: a refusal writes nothing; a +1 joins the waiting request; a new request is inserted at its
// place in the queue (queue-positions.ts), and the requests it moves are written with it.

/** A new request's rank before the queue orders it: its arrival, in seconds, after every move. */
const arrivalRank = (now: Date) => now.getTime() / 1000;

/** Counts one more ask of the song (the catalogue's popularity). */
async function countAsk(tx: Db, songId: string): Promise<void> {
  await tx
    .update(songs)
    .set({ requestCount: sql`${songs.requestCount} + 1` })
    .where(eq(songs.id, songId));
}

export async function fileAdmitted(
  tx: Db,
  submission: Submission,
  state: SubmissionState,
  admission: Admission,
): Promise<Filed> {
  const musicianId = state.song.musicianId;
  switch (admission.outcome) {
    case 'owner':
    case 'replay':
    case 'not_in_set':
    case 'unavailable':
    case 'closed':
    case 'requester_limit':
    case 'musician_limit':
    case 'repeat':
      return admission;
    case 'already':
      return { outcome: 'already', musicianId, requestId: admission.requestId };
    case 'merge':
      return merge(tx, submission, state, admission);
    case 'create':
      return create(tx, submission, state, admission.blocked);
  }
}

/** Writes a new request's queue move, the others' included: the ids whose position changed. */
async function placeInQueue(tx: Db, state: SubmissionState, now: Date, newRequest?: QueuedRequest) {
  const queued = await queuedRequests(tx, state.song.musicianId);
  const all = newRequest ? [...queued, newRequest] : queued;
  const changes = queueChanges(state.musician.queueOrder, all, now);
  const own = changes.find((change) => change.id === newRequest?.id);
  await writeQueueChanges(
    tx,
    changes.filter((change) => change !== own),
  );
  return { own, moved: changes.filter((change) => change.moved).map((change) => change.id) };
}

async function merge(
  tx: Db,
  submission: Submission,
  state: SubmissionState,
  admission: Extract<Admission, { outcome: 'merge' }>,
): Promise<Filed> {
  const { now } = submission;
  const musicianId = state.song.musicianId;
  await countAsk(tx, state.song.id);
  await tx.insert(requestVoters).values({
    requestId: admission.requestId,
    musicianId,
    requesterName: submission.requesterName,
    requesterEmail: submission.requesterEmail,
    dedication: submission.dedication,
    tipAmount: submission.tipAmount,
    deviceId: submission.deviceId,
    idempotencyKey: submission.idempotencyKey,
    statusTokenHash: submission.statusTokenHash,
    source: submission.source,
    createdAt: now,
  });
  await tx
    .update(requests)
    .set({ votes: admission.votes, tipAmount: admission.tipAmount, updatedAt: now })
    .where(eq(requests.id, admission.requestId));
  // A +1 or a tip may move it up (queue order by votes or tips).
  const { moved } = await placeInQueue(tx, state, now);
  return {
    outcome: 'merged',
    musicianId,
    requestId: admission.requestId,
    request: undefined,
    moved,
  };
}

async function create(
  tx: Db,
  submission: Submission,
  state: SubmissionState,
  blocked: boolean,
): Promise<Filed> {
  const { now } = submission;
  const musicianId = state.song.musicianId;
  const id = randomUUID();
  let place: { queuePosition: number | null; queueRank: number } = {
    queuePosition: null,
    queueRank: arrivalRank(now),
  };
  let moved: string[] = [];
  // A blocked requester's request is stored apart: never counted on the song, never queued.
  if (!blocked) {
    await countAsk(tx, state.song.id);
    const queued = await placeInQueue(tx, state, now, {
      id,
      status: 'pending',
      blocked: false,
      queuePosition: null,
      queueRank: place.queueRank,
      votes: 1,
      tipAmount: submission.tipAmount,
      createdAt: now,
      updatedAt: now,
    });
    if (queued.own) place = queued.own;
    moved = queued.moved;
  }
  const [filed] = await tx
    .insert(requests)
    .values({
      id,
      musicianId,
      songId: state.song.id,
      showId: state.runningShowId,
      songTitle: state.song.title,
      songArtist: state.song.artist,
      requesterName: submission.requesterName,
      requesterEmail: submission.requesterEmail,
      dedication: submission.dedication,
      tipAmount: submission.tipAmount,
      idempotencyKey: submission.idempotencyKey,
      statusTokenHash: submission.statusTokenHash,
      deviceId: submission.deviceId,
      blocked,
      source: submission.source,
      queuePosition: place.queuePosition,
      queueRank: place.queueRank,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const row = filed!;
  // A blocked requester's request is answered like any other, and shown to no one.
  const request = blocked
    ? undefined
    : toSongRequest({
        id: row.id,
        song_id: row.songId,
        song_title: row.songTitle,
        song_artist: row.songArtist,
        requester_name: row.requesterName,
        requester_email: row.requesterEmail,
        dedication: row.dedication,
        status: row.status,
        tip_amount: row.tipAmount,
        tip_clicked: row.tipClicked,
        // Nothing has been clicked on a request filed this instant, and no one has joined it.
        social_clicks: [],
        show_id: row.showId,
        show_name: state.runningShowName,
        created_at: row.createdAt,
        updated_at: row.updatedAt,
        votes: row.votes,
        queue_position: row.queuePosition,
        voters: [],
      });
  return { outcome: 'created', musicianId, requestId: id, request, moved };
}
