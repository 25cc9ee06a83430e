import { fill } from '#shared/fill-message.ts';
import { clockTime, type ClockTime } from '#shared/i18n/clock-time.ts';
import { statusInSentence } from '#shared/request-status-labels.ts';
import { isOpenStatus } from '#shared/request-statuses.ts';
import { UNDO_WINDOW_MS } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import {
  canMove,
  type AlreadyRequested,
  STATUS_MOVES,
  type CreateRequestData,
  type CreatedRequest,
  type RequestStatus,
  type SongRequest,
  type TrackClickBody,
} from '#shared/schemas/request.ts';
import type { SubmissionLimits } from '#server/config.ts';
import type { DerivedKeys } from '#server/db/derived-keys.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '#server/http/errors.ts';
import { requireSameSubmission } from '#server/http/idempotency.ts';
import { systemClock, type Clock } from '#server/musicians/request-window.ts';
import { localizable } from '#server/http/localized-detail.ts';
import { floodError, limitError, limitReached } from '#server/submissions/submission-limit.ts';
import { rememberedSongOwners, SONG_OWNERS_REMEMBERED } from '#server/submissions/song-owners.ts';
import { submissionSource } from '#server/submissions/submission-source.ts';
import type {
  ProofAttempt,
  ProofOfWorkService,
} from '#server/proof-of-work/proof-of-work-service.ts';
import { toCreatedRequest, toRequestStatusView } from './request-mapper.ts';
import type { RequestAlternatives } from './request-alternatives.ts';
import type { RequestQueueRepository } from './request-queue-repository.ts';
import type { RequestReceiptRepository } from './request-receipt-repository.ts';
import type { RequestsRepository } from './requests-repository.ts';
import {
  keyedStatusToken,
  newStatusToken,
  statusTokenHash,
} from '#server/submissions/status-token.ts';
import { outsideWindowError } from './window-refusal.ts';
import { waitMinutes } from '#shared/wait-estimate.ts';

interface Deps {
  requests: RequestsRepository;
  /** The queue's order (queue_position); absent only in tests of other features. */
  queue: RequestQueueRepository;
  events: DomainEvents;
  keys: DerivedKeys;
  limits: Pick<
    SubmissionLimits,
    'requestsPerRequester' | 'perMusicianPerMinute' | 'perAddressPerMinute' | 'votesPerAddress'
  >;
  /** The clock the request window and the undo window are read by; tests move their own. */
  clock?: Clock;
  /** The proof of work the audience's routes ask for (PROOF_OF_WORK); absent in other tests. */
  proofOfWork?: ProofOfWorkService;
  /** A played request's receipt; absent only in tests of other features. */
  receipts?: RequestReceiptRepository;
  /** The VAPID public key a waiting request's phone subscribes with (features/push-notifications). */
  pushPublicKey?: () => Promise<string>;
  /** Songs to ask for instead of one turned down; absent in tests of other features. */
  alternatives?: RequestAlternatives;
}

/** What an audience route hands in of the proof of work: which write, and its X-Altcha. */
export interface SentProof {
  kind: 'request' | 'vote';
  payload: string | undefined;
}

const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'An' : 'A'} ${label}`;

/**
 * 409: the no-repeats rule holds the song back. The time it was played, on the phone's clock
 * (its X-Time-Zone; in UTC, saying so, when it sent none), worded in the reader's language;
 * beside it, songs to ask for instead (RefusedAsPlayed).
 */
function playedError(
  playedAt: Date,
  timeZone: string | undefined,
  alternatives: PublicSong[] | undefined,
): HttpError {
  const time: ClockTime = timeZone
    ? { at: playedAt.toISOString(), timeZone }
    : { at: playedAt.toISOString(), timeZone: 'UTC', showZone: true };
  const detail = fill(messages.requestSongPlayed, { time: clockTime(time, 'en') });
  const refused = new HttpError(409, detail, {}, alternatives ? { alternatives } : {});
  return localizable(refused, { key: 'requestSongPlayed', values: { time } });
}

/** Every status a request may come from to reach `to`. */
function sourcesOf(to: RequestStatus): RequestStatus[] {
  return (Object.keys(STATUS_MOVES) as RequestStatus[]).filter((from) => canMove(from, to));
}

const MOVE_REFUSED = {
  not_found: () => notFound(messages.requestNotFound),
  not_open: () => conflict(messages.queueMoveNotOpen),
  after_not_found: () => badRequest(messages.queueMoveAfterNotFound),
  not_manual: () => conflict(messages.queueMoveNotManual),
} as const;

export function requestsService({
  requests,
  queue,
  events,
  keys,
  limits,
  clock = systemClock,
  proofOfWork,
  receipts,
  pushPublicKey,
  alternatives,
}: Deps) {
  const songOwners = rememberedSongOwners((songId) => requests.songsOfOwnerOf(songId));
  const learnSongs = (musicianId: string, songIds: readonly string[]) =>
    songOwners.remember(songIds.map((songId) => ({ songId, musicianId })));
  // Songs are learnt as they are added (an import, the starter pack, one song, an approved
  // suggestion), so that the first request for a new song files at once instead of first asking
  // for its musician: after a musician sets up, a venue's first requests would otherwise ask once
  // a musician. Another process hears no such event, and its first request asks, as before.
  events.onEvent(({ name, musicianId, songsAdded }) => {
    if (name !== 'songs:changed' || !songsAdded) return;
    learnSongs(musicianId, songsAdded);
  });

  /** The receipt fields of a played request's status (none when it cannot be read). */
  async function receiptOf(tokenHash: string): Promise<Partial<RequestStatusView>> {
    const receipt = await receipts?.receiptOf(tokenHash);
    if (!receipt) return {};
    return {
      played_at: receipt.playedAt.toISOString(),
      played_for: receipt.name,
      ...(receipt.recapShowId ? { recap_show_id: receipt.recapShowId } : {}),
    };
  }

  /** Pushes the requests whose place in the queue changed (all but `except`, pushed apart). */
  async function publishMoved(musicianId: string, changed: string[], except?: string) {
    const others = changed.filter((id) => id !== except);
    for (const request of await requests.byIds(musicianId, others)) {
      events.publish({ musicianId, name: 'request:updated', payload: request });
    }
  }

  /** What the phone is told: the request (merged or not), and its own status token. */
  async function answer(requestId: string, token: string): Promise<CreatedRequest> {
    const view = await requests.createdView(requestId);
    if (!view) throw notFound(messages.requestSongUnavailable);
    return { ...view, status_token: token };
  }

  /**
   * A used Idempotency-Key: the same submission gets its first answer again, with the same
   * status token (derived from the key, so nothing is rewritten and the first answer's token
   * keeps working); another submission under that key is a 422.
   */
  async function replayed(
    musicianId: string,
    data: CreateRequestData,
    key: string,
    statusToken: { token: string },
  ): Promise<CreatedRequest> {
    const first = await requests.firstSubmission(musicianId, key);
    if (!first) throw notFound(messages.requestSongUnavailable);
    requireSameSubmission(first.fields, {
      song_id: data.song_id,
      requester_name: data.requester_name,
      requester_email: data.requester_email,
      dedication: data.dedication,
      tip_amount: data.tip_amount,
    });
    // The first answer may have come from a process that stopped before its devices heard of
    // the request (committed, then killed): a retry tells them again, the request as it is now.
    // A device that had it only updates it; a blocked requester's is shown to no one.
    const current = await requests.findById(first.requestId);
    if (current) events.publish({ musicianId, name: 'request:updated', payload: current });
    return answer(first.requestId, statusToken.token);
  }

  /**
   * The same person asked again for their song still waiting: their request as it is, saying so.
   * No status token: none was made for this ask, and the one the first ask answered is theirs.
   */
  async function alreadyAsked(requestId: string): Promise<AlreadyRequested> {
    const view = await requests.createdView(requestId);
    if (!view) throw notFound(messages.requestSongUnavailable);
    return { ...view, already_requested: true };
  }

  async function ownedOr404(musicianId: string, requestId: string): Promise<SongRequest> {
    const request = await requests.findOwned(musicianId, requestId);
    if (!request) throw notFound(messages.requestNotFound);
    return request;
  }

  return {
    /**
     * Before the server listens (main.ts), so that the first audience requests pay for nothing
     * of this: the songs' musicians remembered and the server's secret read.
     */
    async warmUp(): Promise<void> {
      songOwners.remember(await requests.songOwners(SONG_OWNERS_REMEMBERED));
      await keys.derive('warm-up');
    },

    /**
     * A made-up musician with `songs` songs, for the audience requests of the request path's
     * warm-up (request-path-warm-up.ts), and `remove` to delete it with all they filed.
     */
    async warmUpMusician(songs: number) {
      const made = await requests.addWarmUpMusician(songs);
      learnSongs(made.musicianId, made.songIds);
      return {
        ...made,
        async remove(): Promise<void> {
          await requests.removeWarmUpMusician(made.musicianId);
          for (const songId of made.songIds) songOwners.forget(songId);
        },
      };
    },

    /**
     * The audience's request. Routed to the running show, if any. The answer carries the
     * requester's status token, which exists nowhere else: only its hash is stored. The same
     * song asked again while it waits becomes a +1 on that request; a blocked requester's is
     * stored apart, answered the same, and never shown. `address` is the sender's IP, counted
     * toward its share of the musician's budget (kept only as a keyed hash); `timeZone` the
     * phone's, for the time in the no-repeats refusal.
     */
    async create(
      data: CreateRequestData,
      idempotencyKey: string | null,
      deviceId = '',
      address = '',
      timeZone?: string,
      /** A paid request Stripe said is paid (payments-service.ts): its id and keyed source. */
      paid?: { id: string; source: string },
      /** The audience's routes' proof of work; the server's own filings (a paid one) send none. */
      proof?: SentProof,
    ): Promise<CreatedRequest | AlreadyRequested> {
      const now = clock();
      const { requestsPerRequester: perRequester } = limits;
      // Filed in one transaction, with the keys of the musician the song belongs to.
      const fileFor = async (musicianId: string) => {
        const attempt: ProofAttempt | undefined =
          proof && proofOfWork && !paid ? { musicianId, address, ...proof } : undefined;
        const assessment = attempt && (await proofOfWork!.assess(attempt));
        const statusToken = idempotencyKey
          ? await keyedStatusToken(keys, musicianId, idempotencyKey)
          : newStatusToken();
        const filed = await requests.submit({
          musicianId,
          songId: data.song_id,
          requesterName: data.requester_name,
          requesterEmail: data.requester_email,
          dedication: data.dedication,
          tipAmount: data.tip_amount,
          deviceId,
          idempotencyKey,
          statusTokenHash: statusToken.hash,
          source: paid?.source ?? (await submissionSource(keys, musicianId, address)),
          ...(paid ? { id: paid.id, paid: true } : {}),
          proof: assessment?.demand,
          now,
          limits: {
            perRequester,
            perMusicianPerMinute: limits.perMusicianPerMinute,
            perAddressPerMinute: limits.perAddressPerMinute,
            votesPerAddress: limits.votesPerAddress,
          },
        });
        return {
          filed,
          statusToken,
          proofNeeded: attempt && assessment && { attempt, assessment },
        };
      };
      let musicianId = await songOwners.ownerOf(data.song_id);
      if (!musicianId) throw notFound(messages.requestSongUnavailable);
      let { filed, statusToken, proofNeeded } = await fileFor(musicianId);
      if (filed?.outcome === 'owner') {
        songOwners.forget(data.song_id);
        musicianId = filed.musicianId;
        ({ filed, statusToken, proofNeeded } = await fileFor(musicianId));
      }
      if (!filed || filed.outcome === 'owner') throw notFound(messages.requestSongUnavailable);

      // A retry is answered before any limit: it was counted the first time.
      if (filed.outcome === 'replay') {
        return replayed(musicianId, data, idempotencyKey ?? '', statusToken);
      }
      // 428: solve this challenge and send the same write again (X-Altcha).
      if (filed.outcome === 'proof') {
        throw await proofOfWork!.challenge(proofNeeded!.attempt, proofNeeded!.assessment);
      }
      if (filed.outcome === 'unavailable') {
        if (filed.hidden) throw notFound(messages.requestSongUnavailable);
        throw forbidden(messages.requestsDisabled);
      }
      if (filed.outcome === 'closed') {
        throw outsideWindowError(filed, now) ?? forbidden(messages.requestsDisabled);
      }
      if (filed.outcome === 'not_in_set') throw conflict(messages.requestSongNotInSet);
      if (filed.outcome === 'repeat') {
        const instead = await alternatives?.forSong(musicianId, data.song_id);
        throw playedError(filed.playedAt, timeZone, instead);
      }
      if (filed.outcome === 'requester_limit') {
        const reached = limitReached(filed.waitSeconds, perRequester.max)!;
        throw limitError('request', reached, perRequester.windowMinutes);
      }
      if (filed.outcome === 'musician_limit') {
        // The budget or this address's share of it: to the person, the page is too busy.
        throw floodError(limitReached(filed.waitSeconds, 1)!.retryAfterSeconds);
      }
      // A +1 past its address's share is answered like one counted before: a real person in a
      // full room is not told off, and a script learns nothing it could count.
      if (filed.outcome === 'already' || filed.outcome === 'votes_full') {
        return alreadyAsked(filed.requestId);
      }

      // A blocked requester's request is answered like any other, and shown to no one.
      const { request: filedRequest } = filed;
      if (!filedRequest) return answer(filed.requestId, statusToken.token);
      // Its place in line (and, by votes or tips, the others') was set by the filing.
      const request = filedRequest;
      const name = filed.outcome === 'merged' ? 'request:updated' : 'request:created';
      events.publish({ musicianId, name, payload: request });
      await publishMoved(musicianId, filed.moved, request.id);
      return { ...toCreatedRequest(request), status_token: statusToken.token };
    },

    /** GET /request-status/{token}: a malformed token is as unknown as a wrong one. */
    async statusByToken(token: string): Promise<RequestStatusView> {
      const hash = statusTokenHash(token);
      const [view] = hash ? await requests.statusViews([hash]) : [];
      if (!view) throw notFound(messages.requestStatusNotFound);
      if (view.status === 'played' && hash) return { ...view, ...(await receiptOf(hash)) };
      // Turned down: something else to ask for, read only then (a waiting request is polled).
      if (view.status === 'rejected' && alternatives) {
        return { ...view, alternatives: await alternatives.forRequest(view.id) };
      }
      const wait = await queue?.waitInputs(view.id, clock());
      // While it waits, the key its phone may subscribe with to be told when it comes up.
      const pushKey = isOpenStatus(view.status) ? await pushPublicKey?.() : undefined;
      return {
        ...view,
        ...(wait ? { eta_minutes: waitMinutes(wait.ahead, wait.plays) } : {}),
        ...(pushKey ? { push_public_key: pushKey } : {}),
      };
    },

    /** The audience socket's request:follow: the requests these tokens follow, if any. */
    async statusesByTokens(tokens: readonly unknown[]): Promise<RequestStatusView[]> {
      const hashes = new Set<string>();
      for (const token of tokens) {
        const hash = statusTokenHash(token);
        if (hash) hashes.add(hash);
      }
      return requests.statusViews([...hashes]);
    },

    /** What a requester's phone may be told of a request that changed. */
    statusView: (request: SongRequest): RequestStatusView => toRequestStatusView(request),

    async list(musicianId: string): Promise<SongRequest[]> {
      return requests.listForMusician(musicianId);
    },

    /**
     * Moves along spec section 4's transitions; asking for the current status changes nothing.
     * A Played or Reject can be taken back to the status it had, within UNDO_WINDOW_MS of the
     * move (issue 22); after that it is final, and asking is a 409 saying so.
     */
    async updateStatus(
      musicianId: string,
      requestId: string,
      to: RequestStatus,
    ): Promise<SongRequest> {
      const at = clock();
      const since = new Date(at.getTime() - UNDO_WINDOW_MS);
      // Each move is one conditional UPDATE, so two devices pressing at once cannot both win.
      const moved =
        (await requests.moveStatus(musicianId, requestId, sourcesOf(to), to, at)) ||
        (await requests.undoMove(musicianId, requestId, to, at, since));
      if (!moved) {
        const current = await ownedOr404(musicianId, requestId);
        if (current.status === to) return current;
        const final = current.status === 'played' || current.status === 'rejected';
        if (final && (await requests.previousStatus(musicianId, requestId)) === to) {
          throw conflict(
            fill(messages.requestUndoTooLate, {
              song: current.song_title,
              status: statusInSentence(current.status),
              seconds: String(UNDO_WINDOW_MS / 1000),
            }),
          );
        }
        const from = withArticle(statusInSentence(current.status));
        throw badRequest(fill(messages.requestCannotMove, { from, to: statusInSentence(to) }));
      }
      const changed = await queue.renumber(musicianId);
      const updated = await ownedOr404(musicianId, requestId);
      events.publish({ musicianId, name: 'request:updated', payload: updated, songStates: true });
      await publishMoved(musicianId, changed, requestId);
      return updated;
    },

    /**
     * PUT /requests/{id}/position: right after `afterId` in its column (null: first). Waiting
     * requests move only under the musician's own order; Up Next always.
     */
    async move(
      musicianId: string,
      requestId: string,
      afterId: string | null,
    ): Promise<SongRequest> {
      if (afterId === requestId) throw badRequest(messages.queueMoveAfterItself);
      const moved = await queue.move(musicianId, requestId, afterId);
      if (moved.outcome !== 'moved') throw MOVE_REFUSED[moved.outcome]();
      const updated = await ownedOr404(musicianId, requestId);
      if (moved.changed.includes(requestId)) {
        events.publish({ musicianId, name: 'request:updated', payload: updated });
      }
      await publishMoved(musicianId, moved.changed, requestId);
      return updated;
    },

    /** The queue order changed (the profile's queue_order): every moved request is pushed. */
    async reorderQueue(musicianId: string): Promise<void> {
      await publishMoved(musicianId, await queue.renumber(musicianId));
    },

    async delete(musicianId: string, requestId: string): Promise<void> {
      if (!(await requests.delete(musicianId, requestId))) throw notFound(messages.requestNotFound);
      const payload = { id: requestId };
      events.publish({ musicianId, name: 'request:deleted', payload, songStates: true });
      await publishMoved(musicianId, await queue.renumber(musicianId));
    },

    /** The audience tapped a tip or social link after requesting. */
    async trackClick(requestId: string, click: TrackClickBody): Promise<void> {
      const musicianId = await requests.musicianOf(requestId);
      if (!musicianId) throw notFound(messages.requestNotFound);
      // A repeated tap is not news: only the first of each platform reaches the devices.
      if (!(await requests.addClick(musicianId, requestId, click.type, click.platform))) return;
      const updated = await requests.findById(requestId);
      if (updated) events.publish({ musicianId, name: 'request:updated', payload: updated });
    },
  };
}

export type RequestsService = ReturnType<typeof requestsService>;
