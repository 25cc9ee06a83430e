import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { LearnNextResponse, LearnNextSong } from '#shared/schemas/insights.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { insightsApi } from './insights-api.ts';
import { doneMessage } from './learn-next-format.ts';

/** How long 'Not for me' can be undone from its bar, and a confirmation stays. */
export const LEARN_NEXT_UNDO_MS = 8000;

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; text: string }
  /** `at`: when it was fetched, the "now" of "3 days ago". */
  | { status: 'ready'; data: LearnNextResponse; at: number };

/** The bar under the list: a song just hidden (with Undo), or how an action went. */
type NoticeContent =
  | { kind: 'dismissed'; song: LearnNextSong; text: string }
  | { kind: 'success' | 'error'; text: string };
export type LearnNextNotice = NoticeContent & { id: number };

const sameSong = (a: LearnNextSong, b: LearnNextSong) =>
  a.title === b.title && a.artist === b.artist;

let nextNotice = 0;

/**
 * The learn-next list and its actions. 'Not for me' leaves the list at once and comes back if
 * the server refuses; each action then loads the list again, so the next song moves up.
 */
export function useLearnNext() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<LearnNextNotice | null>(null);
  const mounted = useRef(true);
  /** Once a list is on screen, a failed reload keeps it and says so in the bar. */
  const shown = useRef(false);

  const notify = useCallback((next: NoticeContent) => {
    nextNotice += 1;
    setNotice({ ...next, id: nextNotice });
  }, []);

  const showList = useCallback((data: LearnNextResponse) => {
    if (!mounted.current) return;
    shown.current = true;
    setLoaded({ status: 'ready', data, at: Date.now() });
  }, []);

  const loadFailed = useCallback(
    (error: unknown) => {
      if (!mounted.current) return;
      const text = errorMessage(error, messages.learnNextLoadFailed);
      if (shown.current) notify({ kind: 'error', text });
      else setLoaded({ status: 'error', text });
    },
    [notify],
  );

  const reload = useCallback(
    () => insightsApi.learnNext().then(showList, loadFailed),
    [showList, loadFailed],
  );

  useEffect(() => {
    mounted.current = true;
    insightsApi.learnNext().then(showList, loadFailed);
    return () => {
      mounted.current = false;
    };
  }, [showList, loadFailed]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), LEARN_NEXT_UNDO_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function setSongs(change: (songs: LearnNextSong[]) => LearnNextSong[]) {
    setLoaded((current) =>
      current.status === 'ready'
        ? { ...current, data: { ...current.data, songs: change(current.data.songs) } }
        : current,
    );
  }

  async function act(song: LearnNextSong, work: () => Promise<void>) {
    const key = `${song.title}\u0000${song.artist}`;
    setBusy((current) => new Set(current).add(key));
    try {
      await work();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
      await reload();
    }
  }

  const isBusy = (song: LearnNextSong) => busy.has(`${song.title}\u0000${song.artist}`);

  async function dismiss(song: LearnNextSong) {
    setSongs((songs) => songs.filter((other) => !sameSong(other, song)));
    await act(song, async () => {
      try {
        await insightsApi.dismiss(song);
        notify({ kind: 'dismissed', song, text: doneMessage(messages.learnNextDismissed, song) });
      } catch (error) {
        notify({ kind: 'error', text: errorMessage(error, messages.learnNextDismissFailed) });
      }
    });
  }

  async function undo(song: LearnNextSong) {
    setNotice(null);
    await act(song, async () => {
      try {
        await insightsApi.restore(song);
      } catch (error) {
        notify({ kind: 'error', text: errorMessage(error, messages.learnNextRestoreFailed) });
      }
    });
  }

  async function addToSongs(song: LearnNextSong) {
    await act(song, async () => {
      try {
        await insightsApi.addToSongs(song);
        setSongs((songs) => songs.filter((other) => !sameSong(other, song)));
        notify({ kind: 'success', text: doneMessage(messages.learnNextAdded, song) });
      } catch (error) {
        notify({ kind: 'error', text: errorMessage(error, messages.learnNextAddFailed) });
      }
    });
  }

  return {
    loaded,
    notice,
    isBusy,
    dismiss: (song: LearnNextSong) => void dismiss(song),
    undo: (song: LearnNextSong) => void undo(song),
    addToSongs: (song: LearnNextSong) => void addToSongs(song),
    closeNotice: () => setNotice(null),
    retry: () => void reload(),
  };
}
