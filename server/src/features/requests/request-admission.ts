import type { QueueOrder } from '#shared/schemas/queue-order.ts';
import type { ProofDemand } from '#server/proof-of-work/proof-of-work-service.ts';
import { insideWindow } from '#server/musicians/request-window.ts';
import { mergeTarget } from '#server/submissions/merge-target.ts';
import { heldBackAt, type SongPlays } from '#server/submissions/repeat-rule.ts';
import { tipsAddedUp } from '#server/submissions/request-tips.ts';
import type { Requester } from '#server/submissions/requester.ts';
import {
  requesterBlocked,
  sameRequester,
  type StoredRequester,
} from '#server/submissions/same-requester.ts';
import { songRequestable } from '#server/submissions/song-requestable.ts';

// Whether an audience request is admitted, and how it is filed: every rule, in the order the
// server answers, decided from the rows the repository read under the musician's lock
// (request-submissions-repository.ts). Plain functions: nothing here reads or writes.

/** What the admission reads of the song, its musician and the musician's other rows. */
export interface AdmissionState {
  song: { id: string; musicianId: string; hidden: boolean };
  musician: {
    requestsEnabled: boolean;
    requestsOpenAt: Date | null;
    requestsCloseAt: Date | null;
    queueOrder: QueueOrder;
    repeatRule: string;
    repeatHours: number;
  };
  /** The running show, where requests are filed: null when none runs. */
  runningShowId: string | null;
  /** The Idempotency-Key filed a request or a +1 of this musician already. */
  keyUsed: boolean;
  /** A public playlist is active, and whether the song is on one (song-requestable.ts). */
  publicSetPlaying: boolean;
  inPublicSet: boolean;
  /** The song's played requests (repeat-rule.ts); whether one waits is read from `waiting`. */
  plays: Omit<SongPlays, 'waitsInRunningShow'>;
  /** The song's open requests, of any show, blocked requesters' too. */
  waiting: WaitingRequest[];
  /** The +1s on those requests, with the keyed address each came from. */
  voters: Array<StoredRequester & { requestId: string; source: string | null }>;
  /** The musician's blocklist entries that may be this requester (email or phone). */
  blocklist: StoredRequester[];
  /**
   * For each limit, the newest counted submission at its limit: the max-th newest of the
   * requester's within their window, of everyone's within the minute, of this address's within
   * the minute; null while fewer are there.
   */
  atLimit: { requester: Date | null; musician: Date | null; source: Date | null };
  /**
   * Read only while the musician's budget is full (`atLimit.musician` set): how many addresses
   * sent within the minute, and how many of those submissions came from this one.
   */
  crowd: { addresses: number; fromSource: number } | null;
}

export interface WaitingRequest extends StoredRequester {
  id: string;
  showId: string | null;
  blocked: boolean;
  createdAt: Date;
  tipAmount: number;
  votes: number;
  /** The keyed address it was sent from (submission-source.ts). */
  source: string | null;
}

export interface AdmissionRequest {
  /** The musician the server expects: the status token and the source are keyed for them. */
  musicianId: string;
  requester: Requester;
  tipAmount: number;
  /** The sending address, keyed (submission-source.ts). */
  source: string;
  /** Paid through Stripe: a +1 someone paid for is never held to the address's share. */
  paid: boolean;
  /** The requester's own limit's window. */
  requesterWindowMinutes: number;
  /** The musician's budget per minute, and +1s on one request from one address. */
  perMusicianPerMinute: number;
  votesPerAddress: number;
  /** What the write must still prove of work (proof-of-work-service.ts); none when left out. */
  proof?: ProofDemand;
  /** One clock read for the whole submission: the window, the limits and what is written. */
  now: Date;
}

export type Admission =
  /** The song is another musician's than the one handed in: nothing is filed. */
  | { outcome: 'owner'; musicianId: string }
  /** The key filed something already: a retry, answered with what it filed. */
  | { outcome: 'replay' }
  | { outcome: 'unavailable'; hidden: boolean }
  /** Outside the musician's request window. */
  | { outcome: 'closed'; requestsOpenAt: Date | null; requestsCloseAt: Date | null }
  /** A public playlist is playing and the song is on none. */
  | { outcome: 'not_in_set' }
  /** The no-repeats rule holds the song back: it was played then. */
  | { outcome: 'repeat'; playedAt: Date }
  /** The same person's request for this song already waits: theirs, unchanged. */
  | { outcome: 'already'; requestId: string }
  /** The song's waiting request has this address's share of +1s: answered as 'already'. */
  | { outcome: 'votes_full'; requestId: string }
  /** It would file something, and must first carry a solved challenge: nothing is filed. */
  | { outcome: 'proof' }
  /** Refused by the requester's own limit: seconds until one more is allowed. */
  | { outcome: 'requester_limit'; waitSeconds: number }
  /** Refused by the musician's budget per minute, or by this address's share of it. */
  | { outcome: 'musician_limit'; waitSeconds: number }
  /** A +1 on the song's waiting request: its votes and tips as they become. */
  | { outcome: 'merge'; requestId: string; votes: number; tipAmount: number }
  /** A new request (a blocked requester's is stored apart, and shown to no one). */
  | { outcome: 'create'; blocked: boolean };

const MINUTE_MS = 60_000;

/** Seconds until the counted submission at the limit leaves a window of `windowMs`; null if none. */
export function secondsUntilFree(atLimit: Date | null, windowMs: number, now: Date): number | null {
  return atLimit === null ? null : (atLimit.getTime() + windowMs - now.getTime()) / 1000;
}

/** Where each limit starts counting at `now`: what the repository counts from. */
export function limitWindows(requesterWindowMinutes: number, now: Date) {
  return {
    requesterSince: new Date(now.getTime() - requesterWindowMinutes * MINUTE_MS),
    minuteSince: new Date(now.getTime() - MINUTE_MS),
  };
}

/**
 * The same person's request of this song still waiting, which they get back counting nothing:
 * the one +1s join, if they filed or joined it; a blocked requester's own (stored apart), so the
 * answer cannot tell them they are blocked.
 */
function alreadyWaiting(
  state: AdmissionState,
  who: Requester,
  blocked: boolean,
  target: WaitingRequest | undefined,
): string | undefined {
  if (blocked) {
    return state.waiting
      .filter((request) => request.blocked && request.showId === state.runningShowId)
      .filter((request) => sameRequester(request, who))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))[0]
      ?.id;
  }
  if (!target) return undefined;
  const joined = state.voters.some(
    (voter) => voter.requestId === target.id && sameRequester(voter, who),
  );
  return sameRequester(target, who) || joined ? target.id : undefined;
}

/** The +1s on `target` sent from `source`, the request itself counted. */
function votesFrom(state: AdmissionState, target: WaitingRequest, source: string): number {
  const joined = state.voters.filter((v) => v.requestId === target.id && v.source === source);
  return joined.length + (target.source === source ? 1 : 0);
}

/**
 * While the musician's budget is full, an address still gets in below its fair share of it: the
 * budget split evenly among the addresses that sent within the minute, and never below one. So
 * a newcomer's first request always gets in, and the addresses that sent most are refused
 * first: a flood from many addresses cannot silence a real fan. (An address first seen now
 * counts among them.)
 */
function withinFairShare(crowd: AdmissionState['crowd'], budget: number): boolean {
  if (!crowd) return false;
  const addresses = crowd.addresses + (crowd.fromSource === 0 ? 1 : 0);
  return crowd.fromSource < Math.max(1, Math.floor(budget / addresses));
}

/** Every rule a request passes, in the order the server answers. */
export function admit(state: AdmissionState, request: AdmissionRequest): Admission {
  const { song, musician } = state;
  const { now, requester: who } = request;
  if (song.musicianId !== request.musicianId) {
    return { outcome: 'owner', musicianId: song.musicianId };
  }
  // A retry is answered before any limit: it was counted the first time.
  if (state.keyUsed) return { outcome: 'replay' };
  if (song.hidden || !musician.requestsEnabled) {
    return { outcome: 'unavailable', hidden: song.hidden };
  }
  if (!insideWindow(musician, now)) {
    const { requestsOpenAt, requestsCloseAt } = musician;
    return { outcome: 'closed', requestsOpenAt, requestsCloseAt };
  }
  if (!songRequestable(state)) return { outcome: 'not_in_set' };
  const target = mergeTarget(state.waiting, state.runningShowId);
  const playedAt = heldBackAt(
    { rule: musician.repeatRule, hours: musician.repeatHours, runningShowId: state.runningShowId },
    { ...state.plays, waitsInRunningShow: target !== undefined },
    now,
  );
  if (playedAt) return { outcome: 'repeat', playedAt };

  const blocked = requesterBlocked(state.blocklist, who);
  const mine = alreadyWaiting(state, who, blocked, target);
  if (mine) return { outcome: 'already', requestId: mine };
  // A venue's crowd shares one address, and a script invents names, emails and phones: the +1s
  // one address puts on one request stop counting at what a full room behind one router gives.
  const plusOne = target && !blocked ? target : undefined;
  if (
    plusOne &&
    !request.paid &&
    votesFrom(state, plusOne, request.source) >= request.votesPerAddress
  ) {
    return { outcome: 'votes_full', requestId: plusOne.id };
  }
  // Past the answers that file nothing, anything filed may have to prove a little work first.
  if (request.proof === 'every' || (request.proof === 'plus-one' && plusOne)) {
    return { outcome: 'proof' };
  }

  // The requester's own limit (a request and a +1 count alike), then the musician's budget for
  // everyone over the last minute (once full, an address below its fair share still gets in),
  // then this address's share of it.
  const requesterWait = secondsUntilFree(
    state.atLimit.requester,
    request.requesterWindowMinutes * MINUTE_MS,
    now,
  );
  if (requesterWait !== null) return { outcome: 'requester_limit', waitSeconds: requesterWait };
  const budgetWait = withinFairShare(state.crowd, request.perMusicianPerMinute)
    ? null
    : secondsUntilFree(state.atLimit.musician, MINUTE_MS, now);
  const floodWait = budgetWait ?? secondsUntilFree(state.atLimit.source, MINUTE_MS, now);
  if (floodWait !== null) return { outcome: 'musician_limit', waitSeconds: floodWait };

  // Another person's ask for the song waiting in this show is a +1 on it: tips add up, within
  // what the table allows one request (each person's own tip stays on their +1).
  if (plusOne) {
    const tipAmount = tipsAddedUp(plusOne.tipAmount, request.tipAmount);
    return { outcome: 'merge', requestId: plusOne.id, votes: plusOne.votes + 1, tipAmount };
  }
  return { outcome: 'create', blocked };
}
