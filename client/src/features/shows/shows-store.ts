import type { CurrentShowResponse, Show } from '#shared/schemas/show.ts';
import {
  applySnapshot,
  collectionFrom,
  emptyEntityState,
  entityList,
  isNewer,
  removeEntity,
  upsertEntity,
  type EntityState,
} from '#client/lib/entity-collection.ts';
import { createResettable } from '#client/lib/store-reset.ts';

interface ShowsState extends EntityState<Show> {
  /** The running show, if any (GET /shows/current and the show:updated event). */
  current: CurrentShowResponse;
  applyCurrent(current: CurrentShowResponse): void;
  /**
   * Every show of the musician, as the server lists them. With `fetchStartedAt` (a poll): a show
   * an event brought after the fetch began stays, and a newer copy is not replaced by an older.
   */
  applySnapshot(shows: readonly Show[], fetchStartedAt?: number): void;
  upsert(show: Show): void;
  remove(id: string): void;
}

const NO_SHOW: CurrentShowResponse = { active: false, show: null };

export const useShowsStore = createResettable<ShowsState>((set) => ({
  ...emptyEntityState<Show>(),
  current: NO_SHOW,

  applyCurrent(current) {
    set((state) => {
      const held = state.current.show;
      // An older copy of the same show (a replayed event) must not undo a newer state.
      if (held && current.show?.id === held.id && !isNewer(held, current.show)) return state;
      const collection = current.show
        ? upsertEntity(state.collection, current.show, performance.now()).collection
        : state.collection;
      return { current, collection };
    });
  },

  applySnapshot(shows, fetchStartedAt) {
    set((state) => ({
      collection:
        fetchStartedAt === undefined
          ? collectionFrom(shows, performance.now())
          : applySnapshot(state.collection, shows, fetchStartedAt, performance.now()).collection,
      status: 'ready',
    }));
  },

  upsert(show) {
    set((state) => {
      const { collection } = upsertEntity(state.collection, show, performance.now());
      const current =
        state.current.show?.id === show.id && show.status !== 'active' ? NO_SHOW : state.current;
      return { collection, current };
    });
  },

  remove(id) {
    set((state) => ({
      collection: removeEntity(state.collection, id),
      current: state.current.show?.id === id ? NO_SHOW : state.current,
    }));
  },
}));

export const selectCurrentShow = (state: ShowsState) =>
  state.current.active ? state.current.show : null;
export const selectShows = (state: ShowsState) => entityList(state.collection);

/** Newest first, split into the shows list and the archived section. */
export function splitShows(shows: readonly Show[]) {
  const all = [...shows].sort((a, b) => (Date.parse(b.date) || 0) - (Date.parse(a.date) || 0));
  return {
    visible: all.filter((show) => show.status !== 'archived'),
    archived: all.filter((show) => show.status === 'archived'),
  };
}
