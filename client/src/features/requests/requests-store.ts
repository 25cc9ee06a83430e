import type { SongRequest } from '#shared/schemas/request.ts';
import {
  applySnapshot,
  emptyEntityState,
  entityList,
  removeEntity,
  upsertEntity,
  type EntityState,
} from '#client/lib/entity-collection.ts';
import { createResettable } from '#client/lib/store-reset.ts';

interface RequestsState extends EntityState<SongRequest> {
  /** Why the first load failed, while nothing has loaded (On Stage shows demo data then). */
  loadError: unknown;
  /** Ids of requests that arrived after the first load and nobody has acknowledged yet. */
  arrivals: string[];
  applySnapshot(list: readonly SongRequest[], fetchStartedAt: number): void;
  /** A failed load; once a list has arrived it stays shown and nothing changes. */
  loadFailed(error: unknown): void;
  upsert(request: SongRequest): void;
  remove(id: string): void;
  clearArrivals(): void;
}

export const useRequestsStore = createResettable<RequestsState>((set) => ({
  ...emptyEntityState<SongRequest>(),
  loadError: null,
  arrivals: [],

  applySnapshot(list, fetchStartedAt) {
    set((state) => {
      const { collection, added } = applySnapshot(
        state.collection,
        list,
        fetchStartedAt,
        performance.now(),
      );
      // Unseen ids count as new arrivals only after the first complete list.
      const arrivals = state.status === 'ready' ? [...state.arrivals, ...added] : state.arrivals;
      return {
        collection,
        status: 'ready',
        loadError: null,
        arrivals: arrivals.filter((id) => collection.byId[id]),
      };
    });
  },

  loadFailed(error) {
    set((state) => (state.status === 'ready' ? state : { status: 'error', loadError: error }));
  },

  upsert(request) {
    set((state) => {
      const { collection, added } = upsertEntity(state.collection, request, performance.now());
      if (collection === state.collection) return state;
      return {
        collection,
        arrivals: state.status === 'ready' ? [...state.arrivals, ...added] : state.arrivals,
      };
    });
  },

  remove(id) {
    set((state) => ({
      collection: removeEntity(state.collection, id),
      arrivals: state.arrivals.filter((arrival) => arrival !== id),
    }));
  },

  clearArrivals() {
    set({ arrivals: [] });
  },
}));

export const selectRequests = (state: RequestsState) => entityList(state.collection);
export const selectArrivalCount = (state: RequestsState) => state.arrivals.length;
export const selectPendingCount = (state: RequestsState) =>
  selectRequests(state).filter((request) => request.status === 'pending').length;
