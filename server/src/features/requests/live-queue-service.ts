import type {
  GroupedRequestsResponse,
  RequestsPageQuery,
  UpdatesResponse,
} from '#shared/schemas/request.ts';
import type { DeletedRequests } from '#server/events/deleted-requests.ts';
import type { Show } from '#shared/schemas/show.ts';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import { requestsPage, type RequestsPage } from './request-history.ts';
import type { RequestsRepository } from './requests-repository.ts';

/** Read-only views across requests, shows and suggestions. */
export function liveQueueService(deps: {
  requests: RequestsRepository;
  /** The shows and suggestions features' lists, injected by services.ts. */
  shows: { list(musicianId: string): Promise<Show[]> };
  suggestions: { list(musicianId: string): Promise<Suggestion[]> };
}) {
  return {
    /** The polling fallback and the resync after a reconnect, paged (request-history.ts). */
    async updates(
      musicianId: string,
      query: RequestsPageQuery,
      deleted: DeletedRequests,
    ): Promise<UpdatesResponse> {
      const [page, suggestions] = await Promise.all([
        requestsPage({ requests: deps.requests, deleted }, musicianId, query),
        deps.suggestions.list(musicianId),
      ]);
      return { ...page, suggestions };
    },

    /** The musician's requests, paged the same way (GET /requests/musician/{id}). */
    async requestsPage(
      musicianId: string,
      query: RequestsPageQuery,
      deleted: DeletedRequests,
    ): Promise<RequestsPage> {
      return requestsPage({ requests: deps.requests, deleted }, musicianId, query);
    },

    /** Requests outside any show, and each show with its requests, newest first. */
    async grouped(musicianId: string): Promise<GroupedRequestsResponse> {
      const [requests, shows] = await Promise.all([
        deps.requests.listForMusician(musicianId),
        deps.shows.list(musicianId),
      ]);
      const grouped: GroupedRequestsResponse = { unassigned: [], shows: {} };
      for (const show of shows) grouped.shows[show.id] = { show, requests: [] };
      for (const request of requests) {
        const group = request.show_id ? grouped.shows[request.show_id] : undefined;
        (group ? group.requests : grouped.unassigned).push(request);
      }
      return grouped;
    },
  };
}
