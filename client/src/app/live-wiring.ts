import { coalescedRefetch } from '#client/live/coalesced-refetch.ts';
import type { LiveWiring } from '#client/live/live-connection.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { useDesignStore } from '#client/features/design/design-store.ts';
import { reloadPlaylists, usePlaylistsStore } from '#client/features/playlists/playlists-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import { requestsApi } from '#client/features/requests/requests-api.ts';
import { useRequestsStore } from '#client/features/requests/requests-store.ts';
import { showsApi } from '#client/features/shows/shows-api.ts';
import { useShowsStore } from '#client/features/shows/shows-store.ts';
import { useSongsStore } from '#client/features/songs/songs-store.ts';
import { reloadSongs } from '#client/features/songs/use-songs-loader.ts';
import { useSuggestionsStore } from '#client/features/suggestions/suggestions-store.ts';

const requests = () => useRequestsStore.getState();
const suggestions = () => useSuggestionsStore.getState();
const shows = () => useShowsStore.getState();

// Songs and playlists have no delta endpoint: another device changed them, so fetch the list
// again, but only where this device has loaded it (a screen that never opened the Songs tab
// loads them fresh when it does).
const refetchSongs = coalescedRefetch(reloadSongs);
const refetchPlaylists = coalescedRefetch(reloadPlaylists);
const songsChanged = () => {
  if (useSongsStore.getState().status === 'ready') void refetchSongs();
  // A deleted or hidden song changes playlists' song counts too.
  if (usePlaylistsStore.getState().status === 'ready') void refetchPlaylists();
};
// A request arriving, moving or going changes its show's counts, which the server counts.
const refetchShowCounts = coalescedRefetch(async () => shows().applyCounts(await showsApi.list()));
const showCountsChanged = () => {
  if (shows().status === 'ready') void refetchShowCounts();
};
const playlistsChanged = () => {
  if (usePlaylistsStore.getState().status === 'ready') void refetchPlaylists();
};

/** Which stores the live connection feeds: the features' side of live/live-connection.ts. */
export const liveWiring: LiveWiring = {
  events: {
    'request:created': (request) => {
      requests().upsert(request);
      showCountsChanged();
    },
    'request:updated': (request) => {
      requests().upsert(request);
      showCountsChanged();
    },
    'request:deleted': ({ id }) => {
      requests().remove(id);
      showCountsChanged();
    },
    'suggestion:created': (suggestion) => suggestions().upsert(suggestion),
    'suggestion:updated': (suggestion) => suggestions().upsert(suggestion),
    'suggestion:deleted': ({ id }) => suggestions().remove(id),
    'show:updated': (current) => shows().applyCurrent(current),
    'show:changed': (show) => shows().upsert(show),
    'show:deleted': ({ id }) => shows().remove(id),
    'profile:updated': (musician) => useAuthStore.getState().setMusician(musician),
    // Another device saved the design: the Design tab shows it (unless edited here meanwhile).
    'design:updated': (design) => useDesignStore.getState().setSaved(design),
    // Also sent to the audience pages (their own namespace); here: the musician's other devices.
    'songs:changed': songsChanged,
    'playlists:changed': playlistsChanged,
  },

  // With the cursor of the last answer, the server sends only what changed since (and which
  // requests were deleted); a complete answer (first load, or a cursor too old) replaces the list.
  async fetchUpdates(musicianId) {
    const since = requests().status === 'ready' ? (requests().since ?? undefined) : undefined;
    const updates = await requestsApi.updates(musicianId, since);
    return (fetchStartedAt) => {
      if (since && updates.complete === false) {
        requests().applyChanges(updates.requests, updates.deleted_ids ?? [], updates.next_since);
      } else {
        requests().applySnapshot(updates.requests, fetchStartedAt, {
          since: updates.next_since,
          older: updates.next_before ?? null,
        });
      }
      suggestions().applySnapshot(updates.suggestions, fetchStartedAt);
      // Polling (no socket): a change seen here changes show counts as an event would.
      if (since && (updates.requests.length > 0 || (updates.deleted_ids ?? []).length > 0)) {
        showCountsChanged();
      }
    };
  },

  async fetchShows() {
    const [current, list] = await Promise.all([showsApi.current(), showsApi.list()]);
    return (fetchStartedAt) => {
      shows().applySnapshot(list, fetchStartedAt);
      shows().applyCurrent(current, fetchStartedAt);
      shows().applyCounts(current.show ? [...list, current.show] : list);
    };
  },

  refetchAfterGap() {
    songsChanged();
    playlistsChanged();
  },

  isLoaded: () => requests().status === 'ready',
  loadFailed: (error) => requests().loadFailed(error),
  checkSession: () => profileApi.get(),
};
