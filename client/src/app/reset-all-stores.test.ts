import { describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import { songRequest } from '#client-test/request-factory.ts';
import { usePlaylistsStore } from '#client/features/playlists/playlists-store.ts';
import { useRequestsStore } from '#client/features/requests/requests-store.ts';
import { useShowsStore } from '#client/features/shows/shows-store.ts';
import { useSongsStore } from '#client/features/songs/songs-store.ts';
import { useSuggestionsStore } from '#client/features/suggestions/suggestions-store.ts';
import { resetAllStores } from '#client/lib/store-reset.ts';
import { useLiveStore } from '#client/live/live-store.ts';

const stores = [
  useRequestsStore,
  useSuggestionsStore,
  useShowsStore,
  useSongsStore,
  usePlaylistsStore,
  useLiveStore,
] as const;

describe('resetAllStores over the app stores', () => {
  it('returns every entity store and the connection state to its initial state', () => {
    const initial = stores.map((store) => store.getInitialState());

    useRequestsStore.getState().applySnapshot([songRequest({ id: 'r1' })], 0);
    useRequestsStore.getState().upsert(songRequest({ id: 'r2' }));
    useSuggestionsStore.getState().applySnapshot([], 0);
    useShowsStore.getState().applyCurrent({
      active: true,
      show: {
        id: 's1',
        name: 'Friday',
        date: '',
        status: 'active',
        venue_name: '',
        venue_address: '',
        performed_on: null,
        updated_at: '',
        request_count: 0,
        played_count: 0,
      },
    });
    useSongsStore.getState().applySnapshot([makeSong({ id: 'song-1' })]);
    useSongsStore.getState().setSelected(['song-1']);
    useSongsStore.getState().setFilter('query', 'abc');
    usePlaylistsStore.getState().applySnapshot([]);
    useLiveStore.setState({ status: 'live' });
    expect(stores.map((store) => store.getState())).not.toEqual(initial);

    resetAllStores();
    stores.forEach((store, index) => expect(store.getState()).toEqual(initial[index]));
    expect(useRequestsStore.getState().status).toBe('idle');
    expect(useSongsStore.getState().selected.size).toBe(0);
  });
});
