import { useEffect } from 'react';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { holdStoresFor } from '#client/lib/store-reset.ts';
import { songsApi } from './songs-api.ts';
import { useSongsStore } from './songs-store.ts';

export async function reloadSongs(): Promise<void> {
  useSongsStore.getState().applySnapshot(await songsApi.list());
}

/** Loads the songs when the Songs tab opens; `onError` shows why it failed. */
export function useSongsLoader(musicianId: string, onError: (text: string) => void): void {
  useEffect(() => {
    holdStoresFor(musicianId);
    const store = useSongsStore.getState();
    if (store.status !== 'ready') store.setStatus('loading');
    reloadSongs().catch((error: unknown) => {
      useSongsStore.getState().setStatus('error');
      onError(errorMessage(error, messages.songsLoadFailed));
    });
  }, [musicianId, onError]);
}
