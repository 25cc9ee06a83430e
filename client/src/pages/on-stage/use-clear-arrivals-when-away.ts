import { useEffect } from 'react';

/**
 * When the screen is hidden (another tab, the tablet asleep), the musician has seen what was
 * there: forget those arrivals, so what comes in while away is what carries the NEW flag on return.
 */
export function useClearArrivalsWhenAway(clearArrivals: () => void): void {
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') clearArrivals();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [clearArrivals]);
}
