import { create } from 'zustand';
import type { PlaylistSummary } from '#shared/schemas/playlist.ts';
import { ALL_SONGS_PLAYLIST_ID } from '#shared/schemas/song.ts';
import { ApiError } from '#client/app/api-client.ts';
import { playlistsApi } from './playlists-api.ts';

export interface PlaylistsState {
  /** The musician's playlists, without the all_songs pseudo-playlist. */
  playlists: readonly PlaylistSummary[];
  loaded: boolean;
  setPlaylists(playlists: readonly PlaylistSummary[]): void;
  upsert(playlist: PlaylistSummary): void;
  remove(id: string): void;
  /** Marks `id` as the only active playlist (null: All Songs). */
  setActive(id: string | null): void;
  reset(): void;
}

const initial = () => ({ playlists: [] as readonly PlaylistSummary[], loaded: false });

export const usePlaylistsStore = create<PlaylistsState>()((set) => ({
  ...initial(),

  setPlaylists(playlists) {
    set({
      playlists: playlists.filter((playlist) => playlist.id !== ALL_SONGS_PLAYLIST_ID),
      loaded: true,
    });
  },

  upsert(playlist) {
    set((state) => {
      const known = state.playlists.some((held) => held.id === playlist.id);
      return {
        playlists: known
          ? state.playlists.map((held) => (held.id === playlist.id ? playlist : held))
          : [...state.playlists, playlist],
      };
    });
  },

  remove(id) {
    set((state) => ({ playlists: state.playlists.filter((playlist) => playlist.id !== id) }));
  },

  setActive(id) {
    set((state) => ({
      playlists: state.playlists.map((playlist) => ({
        ...playlist,
        is_active: playlist.id === id,
      })),
    }));
  },

  reset() {
    set(initial());
  },
}));

export const selectPlaylists = (state: PlaylistsState) => state.playlists;
export const selectActivePlaylist = (state: PlaylistsState) =>
  state.playlists.find((playlist) => playlist.is_active) ?? null;

/** Fetches the list again (after changes that touch several playlists). */
export async function reloadPlaylists(): Promise<void> {
  try {
    usePlaylistsStore.getState().setPlaylists(await playlistsApi.list());
  } catch (error) {
    // Spec section 6: a 403 on the playlist fetch is silently ignored.
    if (error instanceof ApiError && error.status === 403) {
      usePlaylistsStore.getState().setPlaylists([]);
      return;
    }
    throw error;
  }
}
