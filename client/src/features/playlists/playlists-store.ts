import type { PlaylistSummary } from '#shared/schemas/playlist.ts';
import { ALL_SONGS_PLAYLIST_ID } from '#shared/schemas/song.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  collectionFrom,
  emptyEntityState,
  entityList,
  patchEntities,
  removeEntity,
  upsertEntity,
  type EntityState,
} from '#client/lib/entity-collection.ts';
import { createResettable } from '#client/lib/store-reset.ts';
import { playlistsApi } from './playlists-api.ts';

/** The musician's playlists in the server's order, without the all_songs pseudo-playlist. */
interface PlaylistsState extends EntityState<PlaylistSummary> {
  applySnapshot(playlists: readonly PlaylistSummary[]): void;
  /** A saved playlist; a new one goes last. */
  upsert(playlist: PlaylistSummary): void;
  remove(id: string): void;
  /** Marks `id` as the only active playlist (null: All Songs). */
  setActive(id: string | null): void;
}

export const usePlaylistsStore = createResettable<PlaylistsState>((set) => ({
  ...emptyEntityState<PlaylistSummary>(),

  applySnapshot(playlists) {
    const own = playlists.filter((playlist) => playlist.id !== ALL_SONGS_PLAYLIST_ID);
    set({ collection: collectionFrom(own, performance.now()), status: 'ready' });
  },

  upsert(playlist) {
    set((state) => ({
      collection: upsertEntity(state.collection, playlist, performance.now()).collection,
    }));
  },

  remove(id) {
    set((state) => ({ collection: removeEntity(state.collection, id) }));
  },

  setActive(id) {
    set((state) => ({
      collection: patchEntities(state.collection, (playlist) => ({
        ...playlist,
        is_active: playlist.id === id,
      })),
    }));
  },
}));

export const selectPlaylists = (state: PlaylistsState) => entityList(state.collection);
export const selectActivePlaylist = (state: PlaylistsState) =>
  selectPlaylists(state).find((playlist) => playlist.is_active) ?? null;

/** Fetches the list again (after changes that touch several playlists). */
export async function reloadPlaylists(): Promise<void> {
  try {
    usePlaylistsStore.getState().applySnapshot(await playlistsApi.list());
  } catch (error) {
    // Spec section 6: a 403 on the playlist fetch is silently ignored.
    if (error instanceof ApiError && error.status === 403) {
      usePlaylistsStore.getState().applySnapshot([]);
      return;
    }
    throw error;
  }
}
