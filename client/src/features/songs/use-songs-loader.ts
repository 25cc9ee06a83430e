import { useEffect } from 'react';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/app/api-client.ts';
import { usePlaylistsStore, reloadPlaylists } from '../playlists/playlists-store.ts';
import { songsApi } from './songs-api.ts';
import { useSongsStore } from './songs-store.ts';

export async function reloadSongs(): Promise<void> {
  useSongsStore.getState().setSongs(await songsApi.list());
}

// Whose songs the stores hold, so another musician signing in on this tab never sees them.
let heldFor: string | null = null;

/** Loads the songs and playlists when the Songs tab opens; `onError` shows why it failed. */
export function useSongsLoader(musicianId: string, onError: (text: string) => void): void {
  useEffect(() => {
    if (heldFor !== musicianId) {
      useSongsStore.getState().reset();
      usePlaylistsStore.getState().reset();
      heldFor = musicianId;
    }
    const store = useSongsStore.getState();
    if (store.load !== 'loaded') store.setLoad('loading');
    reloadSongs().catch((error: unknown) => {
      useSongsStore.getState().setLoad('failed');
      onError(errorMessage(error, messages.songsLoadFailed));
    });
    reloadPlaylists().catch((error: unknown) =>
      onError(errorMessage(error, messages.playlistsLoadFailed)),
    );
  }, [musicianId, onError]);
}
