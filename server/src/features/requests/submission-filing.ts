import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { requests, requestVoters } from '#server/db/schema.ts';
import { placeAtEnd, plusOneMayMove, queueChanges, type QueuedRequest } from './queue-positions.ts';
import { queuedRequests, writeQueueChanges } from './queue-store.ts';
import type { Admission } from './request-admission.ts';
import { toSongRequest } from './request-mapper.ts';
import type { Filed, Submission } from './submission-types.ts';
import { dateOf, type SubmissionState } from './submission-reads.ts';

// Writes what request-admission.ts decided, in the transaction and under the lock it was decided
// in: a refusal writes nothing; a +1 joins the waiting request; a new request is inserted at its
// place in the queue (queue-positions.ts), and the requests it moves are written with it.

/** A new request's rank before the queue orders it: its arrival, in seconds, after every move. */
const arrivalRank = (now: Date) => now.getTime() / 1000;

const p = (name: string) => sql.placeholder(name);

/** Counts one more ask of the song (the catalogue's popularity). */
const countAskStatement = preparedQuery(
  'requests_count_ask',
  sql`UPDATE songs SET request_count = request_count + 1 WHERE id = ${p('songId')}`,
);
const countAsk = (tx: Db, songId: string) => countAskStatement(tx, { songId });

/** Every audience request that files runs it: built once, prepared once per connection. */
const insertRequest = preparedQuery(
  'requests_insert',
  sql`
    INSERT INTO requests (id, musician_id, song_id, show_id, song_title, song_artist,
      requester_name, requester_email, dedication, tip_amount, idempotency_key,
      status_token_hash, device_id, blocked, source, queue_position, queue_rank, created_at,
      updated_at)
    VALUES (${p('id')}, ${p('musicianId')}, ${p('songId')}, ${p('showId')}, ${p('title')},
      ${p('artist')}, ${p('name')}, ${p('email')}, ${p('dedication')}, ${p('tip')}, ${p('key')},
      ${p('tokenHash')}, ${p('deviceId')}, ${p('blocked')}, ${p('source')}, ${p('position')},
      ${p('rank')}, ${p('now')}, ${p('now')})
    RETURNING status, tip_amount, tip_clicked, votes, queue_position, created_at, updated_at`,
);

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
  const { moved } = plusOneMayMove(state.musician.queueOrder)
    ? await placeInQueue(tx, state, now)
    : { moved: [] };
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
    const atEnd = placeAtEnd(
      state.musician.queueOrder,
      { tipAmount: submission.tipAmount, createdAt: now },
      state.waitingColumn,
    );
    if (atEnd !== undefined) place = { queuePosition: atEnd, queueRank: atEnd };
  }
  if (!blocked && place.queuePosition === null) {
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
  const [row] = rowsOf<{
    status: SongRequest['status'];
    tip_amount: string | number;
    tip_clicked: boolean;
    votes: number;
    queue_position: number | null;
    created_at: Date | string | number;
    updated_at: Date | string | number;
  }>(
    await insertRequest(tx, {
      id,
      musicianId,
      songId: state.song.id,
      showId: state.runningShowId,
      title: state.song.title,
      artist: state.song.artist,
      name: submission.requesterName,
      email: submission.requesterEmail,
      dedication: submission.dedication,
      tip: submission.tipAmount,
      key: submission.idempotencyKey,
      tokenHash: submission.statusTokenHash,
      deviceId: submission.deviceId,
      blocked,
      source: submission.source,
      position: place.queuePosition,
      rank: place.queueRank,
      now,
    }),
  );
  const filed = row!;
  // A blocked requester's request is answered like any other, and shown to no one.
  const request = blocked
    ? undefined
    : toSongRequest({
        id,
        song_id: state.song.id,
        song_title: state.song.title,
        song_artist: state.song.artist,
        requester_name: submission.requesterName,
        requester_email: submission.requesterEmail,
        dedication: submission.dedication,
        status: filed.status,
        tip_amount: Number(filed.tip_amount),
        tip_clicked: filed.tip_clicked,
        // Nothing has been clicked on a request filed this instant, and no one has joined it.
        social_clicks: [],
        show_id: state.runningShowId,
        show_name: state.runningShowName,
        created_at: dateOf(filed.created_at)!,
        updated_at: dateOf(filed.updated_at)!,
        votes: filed.votes,
        queue_position: filed.queue_position,
        voters: [],
      });
  return { outcome: 'created', musicianId, requestId: id, request, moved };
}
