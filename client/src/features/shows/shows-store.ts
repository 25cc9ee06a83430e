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
  /** When an event (or the musician's own action) last changed `current` (performance.now()). */
  currentChangedAt: number;
  /**
   * With `fetchStartedAt` (a poll or a resync): dropped if an event changed the current show
   * after the fetch began, since the fetch may have read the server before that change.
   */
  applyCurrent(current: CurrentShowResponse, fetchStartedAt?: number): void;
  /**
   * Every show of the musician, as the server lists them. With `fetchStartedAt` (a poll): a show
   * an event brought after the fetch began stays, and a newer copy is not replaced by an older.
   */
  applySnapshot(shows: readonly Show[], fetchStartedAt?: number): void;
  upsert(show: Show): void;
  remove(id: string): void;
  /**
   * The request counts of the shows held, from a fresh list: a request arriving or moving changes
   * them without changing the show itself (its updated_at), so they are taken as they come.
   */
  applyCounts(shows: readonly Show[]): void;
}

const NO_SHOW: CurrentShowResponse = { active: false, show: null };

const sameCounts = (a: Show, b: Show) =>
  a.request_count === b.request_count && a.played_count === b.played_count;
const withCountsOf = (held: Show, fresh: Show): Show => ({
  ...held,
  request_count: fresh.request_count,
  played_count: fresh.played_count,
});

export const useShowsStore = createResettable<ShowsState>((set) => ({
  ...emptyEntityState<Show>(),
  current: NO_SHOW,
  currentChangedAt: 0,

  applyCurrent(current, fetchStartedAt) {
    set((state) => {
      // A show started while the fetch was on its way: the fetch's "no show" is the older news.
      if (fetchStartedAt !== undefined && state.currentChangedAt >= fetchStartedAt) return state;
      const held = state.current.show;
      // An older copy of the same show (a replayed event) must not undo a newer state.
      if (held && current.show?.id === held.id && !isNewer(held, current.show)) return state;
      const now = performance.now();
      const collection = current.show
        ? upsertEntity(state.collection, current.show, now).collection
        : state.collection;
      const currentChangedAt = fetchStartedAt === undefined ? now : state.currentChangedAt;
      return { current, collection, currentChangedAt };
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
      if (state.current.show?.id !== show.id || show.status === 'active') return { collection };
      return { collection, current: NO_SHOW, currentChangedAt: performance.now() };
    });
  },

  applyCounts(shows) {
    set((state) => {
      const byId = { ...state.collection.byId };
      let changed = false;
      for (const fresh of shows) {
        const held = byId[fresh.id];
        if (!held || sameCounts(held, fresh)) continue;
        byId[fresh.id] = withCountsOf(held, fresh);
        changed = true;
      }
      const heldCurrent = state.current.show;
      const freshCurrent = heldCurrent && shows.find((show) => show.id === heldCurrent.id);
      const current =
        heldCurrent && freshCurrent && !sameCounts(heldCurrent, freshCurrent)
          ? { ...state.current, show: withCountsOf(heldCurrent, freshCurrent) }
          : state.current;
      if (!changed && current === state.current) return state;
      return { collection: { ...state.collection, byId }, current };
    });
  },

  remove(id) {
    set((state) => ({
      collection: removeEntity(state.collection, id),
      ...(state.current.show?.id === id
        ? { current: NO_SHOW, currentChangedAt: performance.now() }
        : {}),
    }));
  },
}));

export const selectCurrentShow = (state: ShowsState) =>
  state.current.active ? state.current.show : null;
export const selectShows = (state: ShowsState) => entityList(state.collection);

/** Whether any show has had a request, by the server's counts: the account is past its first run. */
export const selectHadShowRequests = (state: ShowsState) =>
  (selectCurrentShow(state)?.request_count ?? 0) > 0 ||
  selectShows(state).some((show) => show.request_count > 0);

/** Newest first, split into the shows list and the archived section. */
export function splitShows(shows: readonly Show[]) {
  const all = [...shows].sort((a, b) => (Date.parse(b.date) || 0) - (Date.parse(a.date) || 0));
  return {
    visible: all.filter((show) => show.status !== 'archived'),
    archived: all.filter((show) => show.status === 'archived'),
  };
}
