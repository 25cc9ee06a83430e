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
