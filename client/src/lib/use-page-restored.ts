import { useEffect } from 'react';

/**
 * Runs `restore` when the browser brings the page back from its cache (Back from Checkout): the
 * page returns exactly as it left, and a form must not stay stuck on "Sending…".
 */
export function usePageRestored(restore: () => void): void {
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) restore();
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [restore]);
}

/**
 * Settles when the browser next brings the page back from its cache. A form on its way to
 * Checkout awaits it inside `useBusy`'s run: its button stays busy until the page leaves, and is
 * free again if the person comes Back.
 */
export function pageRestored(): Promise<void> {
  return new Promise((resolve) => {
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      window.removeEventListener('pageshow', shown);
      resolve();
    };
    window.addEventListener('pageshow', shown);
  });
}
