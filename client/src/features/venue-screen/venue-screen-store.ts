import { ApiError } from '#client/lib/api-fetch.ts';
import { pushMarks } from '#client/lib/push-marks.ts';
import { createResettable } from '#client/lib/store-reset.ts';
import { messages } from '#shared/messages.ts';
import type { PageChange } from '#shared/realtime.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { VenueScreenResponse } from '#shared/schemas/public-queue.ts';
import { venueScreenApi } from './venue-screen-api.ts';

/** loading: first read. off: the musician switched the screen off. gone: no such musician. */
export type ScreenPhase = 'loading' | 'ready' | 'off' | 'gone' | 'failed';

interface VenueScreenState {
  slug: string;
  phase: ScreenPhase;
  musician: PublicMusician | null;
  design: DesignSettings | null;
  screen: VenueScreenResponse | null;
  /** The socket follows the page; false while it reconnects (the screen polls). */
  connected: boolean;
  /** Reads the profile, the design and the queue. */
  load(slug: string): Promise<void>;
  /** Reads the queue again (once more after one in flight, never two at a time). */
  reloadScreen(): Promise<void>;
  applyPageChange(change: PageChange): void;
  setConnected(connected: boolean): void;
}

let reading: Promise<void> | null = null;
let readAgain = false;
/**
 * A reload (on following the page again) that a profile or design push overtook is dropped for
 * that part (push-marks.ts); the queue is read again after every push anyway.
 */
const pushed = pushMarks<'profile' | 'design'>();

export const useVenueScreenStore = createResettable<VenueScreenState>((set, get) => {
  async function readScreen(): Promise<void> {
    const { slug } = get();
    try {
      const screen = await venueScreenApi.screen(slug);
      if (get().slug === slug) set({ screen, phase: 'ready' });
    } catch (error) {
      if (get().slug !== slug) return;
      if (error instanceof ApiError && error.status === 404) {
        // Switched off says so; an unknown musician answers another sentence.
        set({ phase: error.detail === messages.venueScreenOff ? 'off' : 'gone', screen: null });
      } else if (!get().screen) {
        set({ phase: 'failed' });
      }
    }
  }

  return {
    slug: '',
    phase: 'loading',
    musician: null,
    design: null,
    screen: null,
    connected: false,

    async load(slug) {
      set({ slug });
      const profileIsNews = pushed.since('profile');
      const designIsNews = pushed.since('design');
      const [musician, design] = await Promise.allSettled([
        venueScreenApi.musician(slug),
        venueScreenApi.design(slug),
      ]);
      if (musician.status === 'fulfilled' && profileIsNews()) set({ musician: musician.value });
      if (design.status === 'fulfilled' && designIsNews()) set({ design: design.value });
      await get().reloadScreen();
    },

    async reloadScreen() {
      if (reading) {
        readAgain = true;
        return reading;
      }
      reading = (async () => {
        do {
          readAgain = false;
          await readScreen();
        } while (readAgain);
      })().finally(() => {
        reading = null;
      });
      return reading;
    },

    applyPageChange(change) {
      switch (change.kind) {
        case 'profile':
          // The screen switched on or off, the request window, the name: and what it shows.
          pushed.pushed('profile');
          set({ musician: change.musician, slug: change.musician.slug });
          void get().reloadScreen();
          return;
        case 'design':
          pushed.pushed('design');
          set({ design: change.design });
          return;
        case 'queue':
          void get().reloadScreen();
          return;
        case 'songs':
          return;
      }
    },

    setConnected: (connected) => set({ connected }),
  };
});
