import { createPageStore } from '#client/lib/store-reset.ts';
import type { TipPlatform } from '#shared/audience-constants.ts';
import type { PublicSong } from '#shared/schemas/song.ts';

/**
 * One modal at a time, in the order of spec section 4's audience flow, with the success state
 * first (issue 43): request, then 'sent' (the place in line and the follow links), from which a
 * tip is one optional step.
 */
export type AudienceModal = 'request' | 'sent' | 'tip' | 'zelle' | 'follow' | 'suggest' | 'artist';

/** The request just filed: the tip and the follow links that come next refer to it. */
export interface FiledRequest {
  id: string;
  songTitle: string;
  songArtist: string;
  requesterName: string;
}

interface FlowState {
  modal: AudienceModal | null;
  /** The song of the request form. */
  song: PublicSong | null;
  filed: FiledRequest | null;
  /** What the Zelle instructions ask for. */
  zelleAmount: number;
  /** The suggestion form's title to start from: what was searched for in vain. */
  suggestTitle: string;
  openRequest(song: PublicSong): void;
  /** The server has the request: it says so first, with the place in line ('sent'). */
  requestFiled(filed: FiledRequest): void;
  /** A tip without a request (header, artist modal, requests-off notice). */
  openTip(): void;
  /** The optional step after a request: a tip for it. */
  tipAfterRequest(): void;
  tipSent(platform: TipPlatform, amount: number): void;
  /** No tip after all: back to the request's success state. */
  noTip(): void;
  openSuggest(title?: string): void;
  openArtist(): void;
  /**
   * A modal closed itself (Escape, ×, backdrop). Only the modal on screen counts: a dialog
   * closed because the flow moved on reports its close too, after the next one opened.
   */
  dismiss(modal: AudienceModal): void;
}

const RESET = { modal: null, song: null, filed: null, zelleAmount: 0, suggestTitle: '' } as const;

export const useAudienceFlowStore = createPageStore<FlowState>((set, get) => ({
  ...RESET,

  openRequest: (song) => set({ ...RESET, modal: 'request', song }),
  requestFiled: (filed) => {
    if (get().modal !== 'request') return; // closed while sending: the list shows it landed
    set({ filed, modal: 'sent' });
  },
  openTip: () => set({ ...RESET, modal: 'tip' }),
  tipAfterRequest: () => set({ modal: get().filed ? 'tip' : null }),
  tipSent: (platform, amount) =>
    set(platform === 'zelle' ? { modal: 'zelle', zelleAmount: amount } : { modal: 'follow' }),
  noTip: () => set({ modal: get().filed ? 'sent' : null }),
  openSuggest: (title = '') => set({ ...RESET, modal: 'suggest', suggestTitle: title }),
  openArtist: () => set({ ...RESET, modal: 'artist' }),
  dismiss: (modal) => {
    if (get().modal !== modal) return;
    // Leaving the Zelle instructions is the end of paying: on to the follow links.
    if (modal === 'zelle') set({ modal: 'follow' });
    // Closing the follow modal (or any other) resets the request form and selection.
    else set(RESET);
  },
}));
