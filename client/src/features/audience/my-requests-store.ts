import { createPageStore } from '#client/lib/store-reset.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import {
  addTracked,
  applyStatus,
  dropTracked,
  loadTracked,
  moveTracked,
  saveTracked,
  type SentAs,
  type TrackedRequest,
} from './my-requests.ts';

/** A request still in the outbox: shown as 'Sending…' until the server has it. */
export interface SendingRequest {
  key: string;
  song_title: string;
  song_artist: string;
}

interface MyRequestsState {
  slug: string;
  tracked: TrackedRequest[];
  sending: SendingRequest[];
  /** Shows the requests this phone sent on the page of `slug`. */
  open(slug: string): void;
  /** The server filed a request of the page `slug` (perhaps after a reload), sent as `sentAs`. */
  filed(slug: string, created: CreatedRequest, sentAs?: SentAs): void;
  /** A request to follow that the answer did not describe whole (a paid one, before paying). */
  track(slug: string, item: TrackedRequest): void;
  applyStatus(view: RequestStatusView): void;
  /** One of the songs offered instead of this request was asked for. */
  insteadAsked(token: string): void;
  /** Tokens the server no longer knows (the musician deleted the request). */
  drop(tokens: string[]): void;
  /** The musician renamed the page link. */
  moveTo(slug: string): void;
  setSending(sending: SendingRequest[]): void;
}

const storage = () => localStorage;

export const useMyRequestsStore = createPageStore<MyRequestsState>((set, get) => {
  /** Updates the list of the open page and its stored copy together. */
  const update = (change: (list: TrackedRequest[]) => TrackedRequest[]) => {
    const { slug, tracked } = get();
    const next = change(tracked);
    if (next === tracked) return;
    saveTracked(storage(), slug, next);
    set({ tracked: next });
  };

  return {
    slug: '',
    tracked: [],
    sending: [],

    open: (slug) => set({ slug, tracked: loadTracked(storage(), slug) }),

    filed: (slug, created, sentAs) =>
      get().track(slug, {
        ...(sentAs ? { sent_as: sentAs } : {}),
        token: created.status_token,
        id: created.id,
        song_title: created.song_title,
        song_artist: created.song_artist,
        status: created.status,
        payment: null,
        updated_at: created.created_at,
      }),

    track: (slug, item) => {
      if (slug === get().slug) update((list) => addTracked(list, item));
      else saveTracked(storage(), slug, addTracked(loadTracked(storage(), slug), item));
    },

    applyStatus: (view) => update((list) => applyStatus(list, view)),

    insteadAsked: (token) =>
      update((list) =>
        list.map((item) => (item.token === token ? { ...item, instead_asked: true } : item)),
      ),

    drop: (tokens) => update((list) => dropTracked(list, tokens)),

    moveTo: (slug) => {
      const from = get().slug;
      if (from === slug) return;
      moveTracked(storage(), from, slug);
      set({ slug, tracked: loadTracked(storage(), slug) });
    },

    setSending: (sending) => set({ sending }),
  };
});
