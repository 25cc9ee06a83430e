import { useEffect, useState } from 'react';

/**
 * unsupported: the browser has no Screen Wake Lock. off: not wanted, or let go while the page was
 * hidden. on: the screen stays on. failed: the browser refused (battery saver, a permissions
 * policy); it is asked again the next time the page becomes visible.
 */
export type WakeLockStatus = 'unsupported' | 'off' | 'on' | 'failed';

interface ScreenWakeLockDeps {
  wakeLock: Pick<WakeLock, 'request'> | undefined;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  onChange(status: WakeLockStatus): void;
}

/**
 * Holds a screen wake lock from start() until stop(). The browser lets go of it whenever the page
 * is hidden (another app, the tablet's power button): it is asked for again as soon as the page
 * is visible. Never throws: where the API is missing or refuses, the screen just may sleep.
 */
export function screenWakeLock({ wakeLock, document, onChange }: ScreenWakeLockDeps) {
  let wanted = false;
  let held: WakeLockSentinel | null = null;
  let asking = false;
  let status: WakeLockStatus = wakeLock ? 'off' : 'unsupported';

  const set = (next: WakeLockStatus) => {
    if (next === status) return;
    status = next;
    onChange(next);
  };

  async function acquire() {
    if (!wakeLock || !wanted || asking || held || document.visibilityState !== 'visible') return;
    asking = true;
    try {
      const sentinel = await wakeLock.request('screen');
      if (!wanted) {
        // Stopped while the browser was answering: give it straight back.
        await sentinel.release().catch(() => {});
        return;
      }
      held = sentinel;
      sentinel.addEventListener('release', () => {
        if (held !== sentinel) return;
        held = null;
        set('off');
      });
      set('on');
    } catch {
      set('failed');
    } finally {
      asking = false;
    }
  }

  const onVisibility = () => {
    if (document.visibilityState === 'visible') void acquire();
  };

  return {
    start(): Promise<void> {
      if (!wakeLock) return Promise.resolve();
      if (!wanted) document.addEventListener('visibilitychange', onVisibility);
      wanted = true;
      return acquire();
    },
    async stop(): Promise<void> {
      if (!wanted) return;
      wanted = false;
      document.removeEventListener('visibilitychange', onVisibility);
      const sentinel = held;
      held = null;
      if (wakeLock) set('off');
      await sentinel?.release().catch(() => {});
    },
    get status(): WakeLockStatus {
      return status;
    },
  };
}

const browserWakeLock = () => ('wakeLock' in navigator ? navigator.wakeLock : undefined);

/** Keeps the tablet's screen on while `active` (a show is running) and the screen is shown. */
export function useWakeLock(active: boolean): WakeLockStatus {
  const [status, setStatus] = useState<WakeLockStatus>(() =>
    browserWakeLock() ? 'off' : 'unsupported',
  );
  useEffect(() => {
    if (!active) return;
    const lock = screenWakeLock({ wakeLock: browserWakeLock(), document, onChange: setStatus });
    void lock.start();
    return () => void lock.stop();
  }, [active]);
  return status;
}
