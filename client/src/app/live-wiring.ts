import type { LiveWiring } from '#client/live/live-connection.ts';
import { useAuthStore } from '#client/features/auth/auth-store.ts';
import { useDesignStore } from '#client/features/design/design-store.ts';
import { profileApi } from '#client/features/profile/profile-api.ts';
import { requestsApi } from '#client/features/requests/requests-api.ts';
import { useRequestsStore } from '#client/features/requests/requests-store.ts';
import { showsApi } from '#client/features/shows/shows-api.ts';
import { useShowsStore } from '#client/features/shows/shows-store.ts';
import { useSuggestionsStore } from '#client/features/suggestions/suggestions-store.ts';

const requests = () => useRequestsStore.getState();
const suggestions = () => useSuggestionsStore.getState();
const shows = () => useShowsStore.getState();

/** Which stores the live connection feeds: the features' side of live/live-connection.ts. */
export const liveWiring: LiveWiring = {
  events: {
    'request:created': (request) => requests().upsert(request),
    'request:updated': (request) => requests().upsert(request),
    'request:deleted': ({ id }) => requests().remove(id),
    'suggestion:created': (suggestion) => suggestions().upsert(suggestion),
    'suggestion:updated': (suggestion) => suggestions().upsert(suggestion),
    'suggestion:deleted': ({ id }) => suggestions().remove(id),
    'show:updated': (current) => shows().applyCurrent(current),
    'show:changed': (show) => shows().upsert(show),
    'show:deleted': ({ id }) => shows().remove(id),
    'profile:updated': (musician) => useAuthStore.getState().setMusician(musician),
    // Another device saved the design: the Design tab shows it (unless edited here meanwhile).
    'design:updated': (design) => useDesignStore.getState().setSaved(design),
    // For the audience pages: the musician's own screens reload their songs on their own actions.
    'songs:changed': () => {},
  },

  async fetchUpdates(musicianId) {
    const updates = await requestsApi.updates(musicianId);
    return (fetchStartedAt) => {
      requests().applySnapshot(updates.requests, fetchStartedAt);
      suggestions().applySnapshot(updates.suggestions, fetchStartedAt);
    };
  },

  async fetchShows() {
    const [current, list] = await Promise.all([showsApi.current(), showsApi.list()]);
    return () => {
      shows().setList(list);
      shows().applyCurrent(current);
    };
  },

  isLoaded: () => requests().status === 'ready',
  loadFailed: (error) => requests().loadFailed(error),
  checkSession: () => profileApi.get(),
};
