import type { DesignSettings } from '#shared/schemas/audience.ts';
import { createResettable } from '#client/lib/store-reset.ts';

interface DesignState {
  /** The saved design as the server answered it; null until loaded. */
  saved: DesignSettings | null;
  setSaved(design: DesignSettings): void;
}

/** The musician's saved design: loaded by the Design tab, kept current by design:updated. */
export const useDesignStore = createResettable<DesignState>((set) => ({
  saved: null,
  setSaved: (design) => set({ saved: design }),
}));
