import { useMemo } from 'react';
import { messages } from '#shared/messages.ts';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import type { Notify } from '#client/lib/use-toast.ts';
import { fill } from '#shared/fill-message.ts';
import { renameError } from './playlist-edit.ts';
import { playlistsApi } from './playlists-api.ts';
import { reloadPlaylists, usePlaylistsStore } from './playlists-store.ts';

/** Playlist changes: each calls the API, updates the store and says how it went. */
function playlistActions(notify: Notify) {
  const store = () => usePlaylistsStore.getState();
  const fail = (error: unknown, fallback: string) => notify(errorMessage(error, fallback), 'error');

  return {
    /** Resolves to an error message for the form, or null when created. */
    async create(name: string, songIds: readonly string[]): Promise<string | null> {
      try {
        const playlist = await playlistsApi.create(name.trim(), songIds);
        store().upsert(playlist);
        notify(fill(messages.playlistCreated, { name: playlist.name }));
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) {
          return messages.playlistCreateNeedsPro;
        }
        return errorMessage(error, messages.playlistCreateFailed);
      }
    },

    async addSongs(id: string, songIds: readonly string[]): Promise<string | null> {
      try {
        const playlist = await playlistsApi.addSongs(id, songIds);
        store().upsert(playlist);
        notify(fill(messages.playlistSongsAdded, { name: playlist.name }));
        return null;
      } catch (error) {
        return errorMessage(error, messages.playlistAddSongsFailed);
      }
    },

    /** null goes back to All Songs. */
    async activate(id: string | null) {
      try {
        const result = await playlistsApi.activate(id);
        store().setActive(result.active_playlist_id);
        if (result.playlist) store().upsert(result.playlist);
        notify(result.message);
      } catch (error) {
        fail(error, messages.playlistActivateFailed);
      }
    },

    /** Resolves to an inline error for the rename field, or null when renamed. */
    async rename(id: string, name: string): Promise<string | null> {
      const invalid = renameError(name);
      if (invalid) return invalid;
      try {
        store().upsert(await playlistsApi.rename(id, name.trim()));
        notify(messages.playlistRenamed);
        return null;
      } catch (error) {
        return errorMessage(error, messages.playlistRenameFailed);
      }
    },

    async setVisibility(id: string, isPublic: boolean) {
      try {
        const { active_playlist_cleared: cleared, ...playlist } = await playlistsApi.setVisibility(
          id,
          isPublic,
        );
        store().upsert(playlist);
        notify(isPublic ? messages.playlistNowPublic : messages.playlistNowPrivate);
        if (cleared) notify(`${messages.playlistNowPrivate}. ${messages.playlistDeactivated}`);
      } catch (error) {
        fail(error, messages.playlistVisibilityFailed);
      }
    },

    async remove(id: string) {
      try {
        const result = await playlistsApi.delete(id);
        store().remove(id);
        notify(
          result.active_playlist_cleared
            ? `${result.message}. ${messages.playlistDeactivated}`
            : result.message,
        );
      } catch (error) {
        fail(error, messages.playlistDeleteFailed);
      }
    },

    /** Resolves to an error for the editor, or null when saved. */
    async save(id: string, songIds: readonly string[]): Promise<string | null> {
      try {
        store().upsert(await playlistsApi.replaceSongs(id, songIds));
        notify(messages.playlistSaved);
        return null;
      } catch (error) {
        return errorMessage(error, messages.playlistSaveFailed);
      }
    },

    reload: () =>
      reloadPlaylists().catch((error: unknown) => fail(error, messages.playlistsLoadFailed)),
  };
}

export type PlaylistActions = ReturnType<typeof playlistActions>;

export function usePlaylistActions(notify: Notify): PlaylistActions {
  return useMemo(() => playlistActions(notify), [notify]);
}
