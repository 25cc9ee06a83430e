import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { selectRequests, useRequestsStore } from '#client/features/requests/requests-store.ts';
import { selectCurrentShow, useShowsStore } from '#client/features/shows/shows-store.ts';
import {
  forgetStageQueues,
  readStageQueue,
  saveStageQueue,
  type StoredStageQueue,
} from './offline-queue.ts';

/** A burst of socket events costs one write. */
const SAVE_DELAY_MS = 1000;

// A session that ends on this device (signing out, a 401, a stage device unpaired, another tab
// signing out) leaves no requester's name behind in its storage. Saving needs a loaded list,
// which the end of a session empties, so nothing is written again after this.
useAuthStore.subscribe((state, previous) => {
  if (previous.token && !state.token) forgetStageQueues(localStorage);
});

function saveNow(musicianId: string): void {
  const requests = useRequestsStore.getState();
  // Only a list the server sent: never the demo data, never an empty list still loading.
  if (requests.status !== 'ready') return;
  saveStageQueue(localStorage, {
    musicianId,
    requests: selectRequests(requests),
    show: selectCurrentShow(useShowsStore.getState()),
  });
}

/**
 * Keeps the musician's queue (and running show) on the device while the On Stage screen is open,
 * and returns the copy saved before this visit: what the screen shows when the server cannot be
 * reached.
 */
export function useOfflineQueue(musicianId: string): StoredStageQueue | null {
  const [saved] = useState(() => readStageQueue(localStorage, musicianId));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      if (timer === null) return;
      clearTimeout(timer);
      timer = null;
      saveNow(musicianId);
    };
    const schedule = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        saveNow(musicianId);
      }, SAVE_DELAY_MS);
    };
    const stopRequests = useRequestsStore.subscribe(schedule);
    const stopShows = useShowsStore.subscribe(schedule);
    schedule();
    // A tablet closing the app (or the browser discarding the tab) keeps the latest state.
    window.addEventListener('pagehide', flush);
    return () => {
      stopRequests();
      stopShows();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [musicianId]);

  return saved;
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the device says it has a network at all (false is sure; true may still fail). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
