import type { GroupedRequestsResponse, UpdatesResponse } from '#shared/schemas/request.ts';
import type { ShowsRepository } from '../shows/shows-repository.ts';
import type { SuggestionsRepository } from '../suggestions/suggestions-repository.ts';
import type { RequestsRepository } from './requests-repository.ts';

/** Read-only views across requests, shows and suggestions. */
export function liveQueueService(deps: {
  requests: RequestsRepository;
  shows: ShowsRepository;
  suggestions: SuggestionsRepository;
}) {
  return {
    /** The polling fallback and the resync after a reconnect. */
    async updates(musicianId: string): Promise<UpdatesResponse> {
      const [requests, suggestions] = await Promise.all([
        deps.requests.listForMusician(musicianId),
        deps.suggestions.list(musicianId),
      ]);
      return { requests, suggestions };
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
