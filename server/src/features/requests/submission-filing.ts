import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import { placeAtEnd, plusOneMayMove, queueChanges, type QueuedRequest } from './queue-positions.ts';
import { playedTurns, queuedRequests, writeQueueChanges } from './queue-store.ts';
import type { Admission } from './request-admission.ts';
import { toSongRequest } from './request-mapper.ts';
import type { Filed, Submission } from './submission-types.ts';
import { statementOnce } from '#server/db/statement-once.ts';
import { dateOf, truthOf, type SubmissionState } from './submission-reads.ts';

// Writes what request-admission.ts decided, in the transaction and under the lock it was decided
// in: a refusal writes nothing; a +1 joins the waiting request; a new request is inserted at its
// place in the queue (queue-positions.ts), and the requests it moves are written with it.

/** A new request's rank before the queue orders it: its arrival, in seconds, after every move. */
const arrivalRank = (now: Date) => now.getTime() / 1000;

type Tx = Transaction<DB>;

/** Counts one more ask of the song (the catalogue's popularity). */
const countAskStatement = statementOnce((db, values: { songId: string }) =>
  db
    .updateTable('songs')
    .set((eb) => ({ requestCount: eb('requestCount', '+', 1) }))
    .where('id', '=', values.songId),
);
const countAsk = (tx: Tx, songId: string) => countAskStatement(tx, { songId });

interface NewRequest {
  id: string;
  musicianId: string;
  songId: string;
  showId: string | null;
  songTitle: string;
  songArtist: string;
  requesterName: string;
  requesterEmail: string;
  dedication: string;
  tipAmount: number;
  idempotencyKey: string | null;
  statusTokenHash: string;
  deviceId: string;
  blocked: boolean;
  source: string;
  queuePosition: number | null;
  queueRank: number;
  /** 'paid': a paid request, filed once Stripe said so; null otherwise. */
  payment: 'paid' | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Every audience request that files runs it: built and compiled once. */
const insertRequest = statementOnce((db, values: NewRequest) =>
  db
    .insertInto('requests')
    .values({
      id: values.id,
      musicianId: values.musicianId,
      songId: values.songId,
      showId: values.showId,
      songTitle: values.songTitle,
      songArtist: values.songArtist,
      requesterName: values.requesterName,
      requesterEmail: values.requesterEmail,
      dedication: values.dedication,
      tipAmount: values.tipAmount,
      idempotencyKey: values.idempotencyKey,
      statusTokenHash: values.statusTokenHash,
      deviceId: values.deviceId,
      blocked: values.blocked,
      source: values.source,
      queuePosition: values.queuePosition,
      queueRank: values.queueRank,
      payment: values.payment,
      createdAt: values.createdAt,
      updatedAt: values.updatedAt,
    })
    .returning(['status', 'tipAmount', 'tipClicked', 'votes', 'createdAt', 'updatedAt']),
);

interface NewVoter {
  requestId: string;
  musicianId: string;
  requesterName: string;
  requesterEmail: string;
  dedication: string;
  tipAmount: number;
  deviceId: string;
  idempotencyKey: string | null;
  statusTokenHash: string;
  source: string;
  createdAt: Date;
}

/** A +1 on a waiting request: built and compiled once. */
const insertVoter = statementOnce((db, values: NewVoter) =>
  db.insertInto('requestVoters').values({
    requestId: values.requestId,
    musicianId: values.musicianId,
    requesterName: values.requesterName,
    requesterEmail: values.requesterEmail,
    dedication: values.dedication,
    tipAmount: values.tipAmount,
    deviceId: values.deviceId,
    idempotencyKey: values.idempotencyKey,
    statusTokenHash: values.statusTokenHash,
    source: values.source,
    createdAt: values.createdAt,
  }),
);

const joinRequest = statementOnce(
  (db, values: { id: string; votes: number; tipAmount: number; updatedAt: Date }) =>
    db
      .updateTable('requests')
      .set({ votes: values.votes, tipAmount: values.tipAmount, updatedAt: values.updatedAt })
      .where('id', '=', values.id),
);

/** A paid +1: the request it joins becomes a paid one (and goes before the unpaid). */
const markJoinedPaid = statementOnce((db, values: { id: string }) =>
  db.updateTable('requests').set({ payment: 'paid' }).where('id', '=', values.id),
);

export async function fileAdmitted(
  tx: Tx,
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
    case 'proof':
      return admission;
    case 'already':
    case 'votes_full':
      return { outcome: admission.outcome, musicianId, requestId: admission.requestId };
    case 'merge':
      return merge(tx, submission, state, admission);
    case 'create':
      return create(tx, submission, state, admission.blocked);
  }
}

/** Writes a new request's queue move, the others' included: the ids whose position changed. */
async function placeInQueue(tx: Tx, state: SubmissionState, now: Date, newRequest?: QueuedRequest) {
  const queued = await queuedRequests(tx, state.song.musicianId);
  const all = newRequest ? [...queued, newRequest] : queued;
  const order = state.musician.queueOrder;
  const played = await playedTurns(tx, state.song.musicianId, order, now);
  const changes = queueChanges(order, all, now, played);
  const own = changes.find((change) => change.id === newRequest?.id);
  await writeQueueChanges(
    tx,
    changes.filter((change) => change !== own),
  );
  return { own, moved: changes.filter((change) => change.moved).map((change) => change.id) };
}

async function merge(
  tx: Tx,
  submission: Submission,
  state: SubmissionState,
  admission: Extract<Admission, { outcome: 'merge' }>,
): Promise<Filed> {
  const { now } = submission;
  const musicianId = state.song.musicianId;
  await countAsk(tx, state.song.id);
  await insertVoter(tx, {
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
  await joinRequest(tx, {
    id: admission.requestId,
    votes: admission.votes,
    tipAmount: admission.tipAmount,
    updatedAt: now,
  });
  if (submission.paid) await markJoinedPaid(tx, { id: admission.requestId });
  // A +1 may move it up (queue order by votes; its tip is a claim, which moves nothing); paid,
  // it goes before the unpaid.
  const { moved } =
    submission.paid || plusOneMayMove(state.musician.queueOrder)
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
  tx: Tx,
  submission: Submission,
  state: SubmissionState,
  blocked: boolean,
): Promise<Filed> {
  const { now } = submission;
  const musicianId = state.song.musicianId;
  // A paid request keeps the id its phone was given before Checkout.
  const id = submission.id ?? randomUUID();
  const paid = submission.paid === true;
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
      // A new request carries no money that arrived: its tip_amount is only a claim.
      { tipReceived: 0, paid, createdAt: now },
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
      tipReceived: 0,
      paid,
      requesterEmail: submission.requesterEmail,
      deviceId: submission.deviceId,
      showId: state.runningShowId,
      createdAt: now,
      updatedAt: now,
    });
    if (queued.own) place = queued.own;
    moved = queued.moved;
  }
  const [filed] = await insertRequest(tx, {
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
    payment: paid ? 'paid' : null,
    createdAt: now,
    updatedAt: now,
  });
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
        status: filed!.status,
        tip_amount: Number(filed!.tipAmount),
        tip_received: 0,
        payment: paid ? 'paid' : null,
        tip_clicked: truthOf(filed!.tipClicked),
        // Nothing has been clicked on a request filed this instant, and no one has joined it.
        social_clicks: [],
        show_id: state.runningShowId,
        show_name: state.runningShowName,
        // (RETURNING's values as the engine gives them: SQLite's may be undeclared.)
        created_at: dateOf(filed!.createdAt)!,
        updated_at: dateOf(filed!.updatedAt)!,
        votes: Number(filed!.votes),
        queue_position: place.queuePosition,
        duration_seconds: state.song.durationSeconds,
        // Filed this instant: waiting, never played.
        played_at: null,
        voters: [],
      });
  return { outcome: 'created', musicianId, requestId: id, request, moved };
}
