// The On Stage screen's wake lock, reused: only app/ may import a page's module, so the screen's
// entry composes the two here (a move of use-wake-lock.ts to lib/ would let the feature hold it).
import { useWakeLock } from '#client/lib/use-wake-lock.ts';
import { VenueScreenPage } from '#client/features/venue-screen/VenueScreenPage.tsx';

/** The venue screen, kept awake for as long as it is shown (a TV must never dim mid-gig). */
export function VenueScreenApp() {
  useWakeLock(true);
  return <VenueScreenPage />;
}
