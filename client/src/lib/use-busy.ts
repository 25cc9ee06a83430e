import { useCallback, useRef, useState } from 'react';

/** What a tap refused while busy awaits: nothing, ever, so no code after it runs. */
const DROPPED = new Promise<never>(() => {});

/**
 * A form's or a button's one action at a time: `run(work)` does nothing while an earlier run is
 * still going (a ref, so twenty taps before React re-renders start it once), shows `busy` while
 * it runs, and clears it however the work ends (an answer, a failure, a throw). What `work`
 * returns is returned. A tap refused for being busy is dropped: its promise never settles, so
 * what follows the first tap's answer (close the form, show its error) happens once.
 */
export function useBusy() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<T> => {
    if (running.current) return DROPPED;
    running.current = true;
    setBusy(true);
    try {
      return await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
