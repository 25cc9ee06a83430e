import type { QueueOrder } from '#shared/schemas/queue-order.ts';
import { OPEN_REQUEST_STATUSES, type RequestStatus } from '#shared/schemas/request.ts';
import { fairRounds, type Asker, type TakenTurn } from './fair-turns.ts';

// The queue's positions, one definition: each open request's place in its column (Up Next, or
// waiting), 1 = first. Up Next is always in the musician's order (queue_rank: the order sent
// there, then moved); waiting requests by the musician's queue_order (under 'fair', by each
// person's round: fair-turns.ts), ties oldest first. Played,
// rejected and blocked requests lose their place. Under any order but 'manual' the waiting ranks
// are rewritten to the positions, so switching to 'manual' starts from the order shown.

/** A request of the musician's queue as stored: open, or still holding a position. */
export interface QueuedRequest extends Asker {
  id: string;
  status: RequestStatus;
  blocked: boolean;
  queuePosition: number | null;
  queueRank: number;
  votes: number;
  /** Money that arrived (tip_received): a claimed tip moves nothing. */
  tipReceived: number;
  /** A paid request: it waits before every unpaid one, whatever the order. */
  paid: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A request whose stored position or rank must change. */
export interface QueueChange {
  id: string;
  queuePosition: number | null;
  queueRank: number;
  /** Newer than before when its position changed (devices keep the newest copy), else as was. */
  updatedAt: Date;
  /** Its position changed: the musician's devices are told. */
  moved: boolean;
}

const isOpen = (request: QueuedRequest) =>
  !request.blocked && (OPEN_REQUEST_STATUSES as readonly string[]).includes(request.status);

/** The key a column is sorted by, before the tie-breaks (oldest first, then id). */
function sortKey(order: QueueOrder, request: QueuedRequest, rounds: Map<string, number>): number {
  if (request.status === 'up_next' || order === 'manual') return request.queueRank;
  if (order === 'votes') return -request.votes;
  if (order === 'tips') return -request.tipReceived;
  if (order === 'fair') return rounds.get(request.id) ?? 1;
  return 0;
}

/** Waiting, a paid request goes first; Up Next stays in the musician's order. */
const paidFirst = (request: QueuedRequest) =>
  request.status !== 'up_next' && request.paid ? 0 : 1;

const byArrival = (a: QueuedRequest, b: QueuedRequest) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function byPlace(order: QueueOrder, rounds: Map<string, number>) {
  return (a: QueuedRequest, b: QueuedRequest) =>
    paidFirst(a) - paidFirst(b) ||
    sortKey(order, a, rounds) - sortKey(order, b, rounds) ||
    byArrival(a, b);
}

/**
 * The waiting requests' rounds under 'fair' (else none), counted in the order they will be
 * played (paid first, then by arrival). Up Next counts as a turn taken, with `played` (the turns
 * played tonight, read only under this order).
 */
function roundsOf(
  order: QueueOrder,
  open: readonly QueuedRequest[],
  played: readonly TakenTurn[],
): Map<string, number> {
  if (order !== 'fair') return new Map();
  // Paid requests are played first, so they are their people's first turns.
  const waiting = open
    .filter((request) => request.status !== 'up_next')
    .sort((a, b) => paidFirst(a) - paidFirst(b) || byArrival(a, b));
  const upNext = open.filter((request) => request.status === 'up_next');
  return fairRounds(waiting, [...upNext, ...played]);
}

/**
 * Every change the musician's queue needs under `order`, at `now`: each open request's position,
 * the waiting ranks (but under 'manual'), and a request leaving the queue losing its position.
 * Requests already where they belong are left out, so only changed rows are written. A moved
 * request's updated_at becomes `now`, or 1 ms past its own if that is not later (strictly newer
 * than the copy devices hold, whatever clock wrote it).
 */
export function queueChanges(
  order: QueueOrder,
  requests: readonly QueuedRequest[],
  now: Date,
  played: readonly TakenTurn[] = [],
): QueueChange[] {
  const wanted = new Map<string, { position: number | null; rewritesRank: boolean }>();
  const open = requests.filter(isOpen);
  const rounds = roundsOf(order, open, played);
  for (const upNext of [true, false]) {
    const column = open.filter((request) => (request.status === 'up_next') === upNext);
    column.sort(byPlace(order, rounds));
    const rewritesRank = order !== 'manual' && !upNext;
    column.forEach((request, i) => wanted.set(request.id, { position: i + 1, rewritesRank }));
  }
  const changes: QueueChange[] = [];
  for (const request of requests) {
    const { position, rewritesRank } = wanted.get(request.id) ?? {
      position: null,
      rewritesRank: false,
    };
    const moved = request.queuePosition !== position;
    const queueRank = rewritesRank && position !== null ? position : request.queueRank;
    if (!moved && queueRank === request.queueRank) continue;
    const updatedAt = moved
      ? new Date(Math.max(now.getTime(), request.updatedAt.getTime() + 1))
      : request.updatedAt;
    changes.push({ id: request.id, queuePosition: position, queueRank, updatedAt, moved });
  }
  return changes;
}

/**
 * A new request's place when it goes last in the waiting column, which needs none of the other
 * rows: every order but 'manual' puts it last when it is the newest waiting request, under
 * 'tips' when it brings no tip (a +1 count of 1 is the fewest). Undefined when the queue must
 * be ordered with it (queueChanges), as always under 'fair' (a newcomer's first request goes
 * before someone's second).
 */
export function placeAtEnd(
  order: QueueOrder,
  newRequest: { tipReceived: number; paid: boolean; createdAt: Date },
  waiting: { count: number; newestCreatedAt: Date | null },
): number | undefined {
  if (newRequest.paid) return undefined;
  if (order === 'manual' || order === 'fair' || (order === 'tips' && newRequest.tipReceived > 0))
    return undefined;
  const { newestCreatedAt } = waiting;
  if (newestCreatedAt && newestCreatedAt.getTime() >= newRequest.createdAt.getTime()) {
    return undefined;
  }
  return waiting.count + 1;
}

/**
 * Whether a +1 (one more vote, maybe a claimed tip) can move its request: only by votes, since
 * its tip is a claim, which the 'tips' order does not count.
 */
export const plusOneMayMove = (order: QueueOrder) => order === 'votes';
