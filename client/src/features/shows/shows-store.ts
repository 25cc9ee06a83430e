import { create } from 'zustand';
import type { CurrentShowResponse, Show } from '#shared/schemas/show.ts';
import { isNewer } from '#client/app/live/entity-collection.ts';

export interface ShowsState {
  /** The running show, if any (GET /shows/current and the show:updated event). */
  current: CurrentShowResponse;
  /** Every show of the musician, by id. */
  byId: Readonly<Record<string, Show>>;
  applyCurrent(current: CurrentShowResponse): void;
  setList(shows: readonly Show[]): void;
  upsert(show: Show): void;
  remove(id: string): void;
  reset(): void;
}

const NO_SHOW: CurrentShowResponse = { active: false, show: null };

function withShow(byId: Readonly<Record<string, Show>>, show: Show) {
  return isNewer(byId[show.id], show) ? { ...byId, [show.id]: show } : byId;
}

export const useShowsStore = create<ShowsState>()((set) => ({
  current: NO_SHOW,
  byId: {},

  applyCurrent(current) {
    set((state) => {
      const held = state.current.show;
      // An older copy of the same show (a replayed event) must not undo a newer state.
      if (held && current.show?.id === held.id && !isNewer(held, current.show)) return state;
      return { current, byId: current.show ? withShow(state.byId, current.show) : state.byId };
    });
  },

  setList(shows) {
    set(() => ({ byId: Object.fromEntries(shows.map((show) => [show.id, show])) }));
  },

  upsert(show) {
    set((state) => {
      const byId = withShow(state.byId, show);
      const current =
        state.current.show?.id === show.id && show.status !== 'active' ? NO_SHOW : state.current;
      return { byId, current };
    });
  },

  remove(id) {
    set((state) => {
      const byId = { ...state.byId };
      delete byId[id];
      return { byId, current: state.current.show?.id === id ? NO_SHOW : state.current };
    });
  },

  reset() {
    set({ current: NO_SHOW, byId: {} });
  },
}));

export const selectCurrentShow = (state: ShowsState) =>
  state.current.active ? state.current.show : null;
export const selectShowsById = (state: ShowsState) => state.byId;

/** Newest first, split into the shows list and the archived section. */
export function splitShows(byId: Readonly<Record<string, Show>>) {
  const all = Object.values(byId).sort(
    (a, b) => (Date.parse(b.date) || 0) - (Date.parse(a.date) || 0),
  );
  return {
    visible: all.filter((show) => show.status !== 'archived'),
    archived: all.filter((show) => show.status === 'archived'),
  };
}
