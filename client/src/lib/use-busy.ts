import { useState } from 'react';

/** What a tap refused while busy awaits: nothing, ever, so no code after it runs. */
const DROPPED = new Promise<never>(() => {});

/** Runs one piece of work at a time, telling `onBusy` when it starts and when it ends. */
export type OneAtATime = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The rule under `useBusy`, apart from React: a run while an earlier one is still going does
 * nothing (a plain flag, so taps before a re-render are refused), and busy clears however the
 * work ends. The work is called at once, in the caller's turn: a payment app's tab opened in it
 * still counts as opened from the tap.
 */
export function oneAtATime(onBusy: (busy: boolean) => void): OneAtATime {
  let running = false;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running) return DROPPED;
    running = true;
    onBusy(true);
    try {
      return await work();
    } finally {
      running = false;
      onBusy(false);
    }
  };
}

/**
 * A form's or a button's one action at a time: `run(work)` does nothing while an earlier run is
 * still going (twenty taps before React re-renders start it once), shows `busy` while it runs,
 * and clears it however the work ends (an answer, a failure, a throw). What `work` returns is
 * returned. A tap refused for being busy is dropped: its promise never settles, so what follows
 * the first tap's answer (close the form, show its error) happens once.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  // Made once for the component's life; setBusy is stable, so the first one serves.
  const [run] = useState(() => oneAtATime(setBusy));
  return { busy, run };
}
