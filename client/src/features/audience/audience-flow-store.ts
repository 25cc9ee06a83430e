import { create } from 'zustand';
import type { TipPlatform } from '#shared/audience-constants.ts';
import type { PublicSong } from '#shared/schemas/song.ts';

/** One modal at a time, in the order of spec section 4's audience flow. */
export type AudienceModal = 'request' | 'tip' | 'zelle' | 'follow' | 'suggest' | 'artist';

/** The request just filed: the tip and the follow links that come next refer to it. */
export interface FiledRequest {
  id: string;
  songTitle: string;
  requesterName: string;
}

interface FlowState {
  modal: AudienceModal | null;
  /** The song of the request form. */
  song: PublicSong | null;
  filed: FiledRequest | null;
  /** What the Zelle instructions ask for. */
  zelleAmount: number;
  openRequest(song: PublicSong): void;
  /** The server has the request: the tip modal when tips are on, else the follow modal. */
  requestFiled(filed: FiledRequest, tipsOn: boolean): void;
  /** A tip without a request (header, artist modal, requests-off notice). */
  openTip(): void;
  tipSent(platform: TipPlatform, amount: number): void;
  noTip(): void;
  openSuggest(): void;
  openArtist(): void;
  /**
   * A modal closed itself (Escape, ×, backdrop). Only the modal on screen counts: a dialog
   * closed because the flow moved on reports its close too, after the next one opened.
   */
  dismiss(modal: AudienceModal): void;
}

const RESET = { modal: null, song: null, filed: null, zelleAmount: 0 } as const;

export const useAudienceFlowStore = create<FlowState>()((set, get) => ({
  ...RESET,

  openRequest: (song) => set({ ...RESET, modal: 'request', song }),
  requestFiled: (filed, tipsOn) => {
    if (get().modal !== 'request') return; // closed while sending: the list shows it landed
    set({ filed, modal: tipsOn ? 'tip' : 'follow' });
  },
  openTip: () => set({ ...RESET, modal: 'tip' }),
  tipSent: (platform, amount) =>
    set(platform === 'zelle' ? { modal: 'zelle', zelleAmount: amount } : { modal: 'follow' }),
  noTip: () => set({ modal: 'follow' }),
  openSuggest: () => set({ ...RESET, modal: 'suggest' }),
  openArtist: () => set({ ...RESET, modal: 'artist' }),
  dismiss: (modal) => {
    if (get().modal !== modal) return;
    // Leaving the Zelle instructions is the end of paying: on to the follow links.
    if (modal === 'zelle') set({ modal: 'follow' });
    // Closing the follow modal (or any other) resets the request form and selection.
    else set(RESET);
  },
}));
