import { fill } from '#shared/fill-message.ts';
import { statusInSentence } from '#shared/request-status-labels.ts';
import { messages } from '#shared/messages.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import {
  canMove,
  STATUS_MOVES,
  type CreateRequestData,
  type CreatedRequest,
  type RequestStatus,
  type SongRequest,
  type TrackClickBody,
} from '#shared/schemas/request.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, forbidden, notFound } from '#server/http/errors.ts';
import { toRequestStatusView } from './request-mapper.ts';
import type { RequestsRepository } from './requests-repository.ts';
import { newStatusToken, statusTokenHash } from './status-token.ts';

interface Deps {
  requests: RequestsRepository;
  events: DomainEvents;
}

const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'An' : 'A'} ${label}`;

/** Every status a request may come from to reach `to`. */
function sourcesOf(to: RequestStatus): RequestStatus[] {
  return (Object.keys(STATUS_MOVES) as RequestStatus[]).filter((from) => canMove(from, to));
}

export function requestsService({ requests, events }: Deps) {
  async function ownedOr404(musicianId: string, requestId: string): Promise<SongRequest> {
    const request = await requests.findOwned(musicianId, requestId);
    if (!request) throw notFound(messages.requestNotFound);
    return request;
  }

  return {
    /**
     * The audience's request. Routed to the running show, if any. The answer carries the
     * requester's status token, which exists nowhere else: only its hash is stored.
     */
    async create(data: CreateRequestData, idempotencyKey: string | null): Promise<CreatedRequest> {
      const statusToken = newStatusToken();
      const submitted = await requests.submit({
        songId: data.song_id,
        requesterName: data.requester_name,
        requesterEmail: data.requester_email,
        dedication: data.dedication,
        tipAmount: data.tip_amount,
        idempotencyKey,
        statusTokenHash: statusToken.hash,
      });
      if (!submitted || submitted.hidden) throw notFound(messages.requestSongUnavailable);
      if (!submitted.requestsEnabled) throw forbidden(messages.requestsDisabled);

      const { musicianId } = submitted;
      let request = submitted.request;
      if (request) {
        events.publish({ musicianId, name: 'request:created', payload: request });
      } else {
        // A retry with an Idempotency-Key already used: answer with the first request.
        request =
          (await requests.reissueStatusToken(musicianId, idempotencyKey ?? '', statusToken.hash)) ??
          null;
        if (!request) throw notFound(messages.requestSongUnavailable);
      }
      const { id, song_title, song_artist, status, created_at } = request;
      return { id, song_title, song_artist, status, created_at, status_token: statusToken.token };
    },

    /** GET /request-status/{token}: a malformed token is as unknown as a wrong one. */
    async statusByToken(token: string): Promise<RequestStatusView> {
      const hash = statusTokenHash(token);
      const [view] = hash ? await requests.statusViews([hash]) : [];
      if (!view) throw notFound(messages.requestStatusNotFound);
      return view;
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

    /** Moves along spec section 4's transitions; asking for the current status changes nothing. */
    async updateStatus(
      musicianId: string,
      requestId: string,
      to: RequestStatus,
    ): Promise<SongRequest> {
      // The move is one conditional UPDATE, so two devices pressing at once cannot both win.
      if (!(await requests.moveStatus(musicianId, requestId, sourcesOf(to), to))) {
        const current = await ownedOr404(musicianId, requestId);
        if (current.status === to) return current;
        const from = withArticle(statusInSentence(current.status));
        throw badRequest(fill(messages.requestCannotMove, { from, to: statusInSentence(to) }));
      }
      const updated = await ownedOr404(musicianId, requestId);
      events.publish({ musicianId, name: 'request:updated', payload: updated });
      return updated;
    },

    async delete(musicianId: string, requestId: string): Promise<void> {
      if (!(await requests.delete(musicianId, requestId))) throw notFound(messages.requestNotFound);
      events.publish({ musicianId, name: 'request:deleted', payload: { id: requestId } });
    },

    /** The audience tapped a tip or social link after requesting. */
    async trackClick(requestId: string, click: TrackClickBody): Promise<void> {
      const musicianId = await requests.musicianOf(requestId);
      if (!musicianId) throw notFound(messages.requestNotFound);
      // A repeated tap is not news: only the first of each platform reaches the devices.
      if (!(await requests.addClick(requestId, click.type, click.platform))) return;
      const updated = await requests.findById(requestId);
      if (updated) events.publish({ musicianId, name: 'request:updated', payload: updated });
    },
  };
}

export type RequestsService = ReturnType<typeof requestsService>;
