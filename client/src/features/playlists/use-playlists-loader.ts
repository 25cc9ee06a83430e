import { useEffect } from 'react';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { holdStoresFor } from '#client/lib/store-reset.ts';
import { reloadPlaylists } from './playlists-store.ts';

/** Loads the playlists when the Songs tab opens; `onError` shows why it failed. */
export function usePlaylistsLoader(musicianId: string, onError: (text: string) => void): void {
  useEffect(() => {
    holdStoresFor(musicianId);
    reloadPlaylists().catch((error: unknown) =>
      onError(errorMessage(error, messages.playlistsLoadFailed)),
    );
  }, [musicianId, onError]);
}
