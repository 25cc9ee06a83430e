import { create } from 'zustand';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  applySnapshot,
  emptyCollection,
  removeEntity,
  upsertEntity,
  type EntityCollection,
} from '#client/app/live/entity-collection.ts';

export interface RequestsState {
  collection: EntityCollection<SongRequest>;
  /** The first complete list has arrived: later unseen ids are new arrivals. */
  loaded: boolean;
  /** Ids of requests that arrived after the first load and nobody has acknowledged yet. */
  arrivals: string[];
  applySnapshot(list: readonly SongRequest[], fetchStartedAt: number): void;
  upsert(request: SongRequest): void;
  remove(id: string): void;
  clearArrivals(): void;
  reset(): void;
}

const initial = () => ({
  collection: emptyCollection<SongRequest>(),
  loaded: false,
  arrivals: [] as string[],
});

export const useRequestsStore = create<RequestsState>()((set) => ({
  ...initial(),

  applySnapshot(list, fetchStartedAt) {
    set((state) => {
      const { collection, added } = applySnapshot(
        state.collection,
        list,
        fetchStartedAt,
        performance.now(),
      );
      const arrivals = state.loaded ? [...state.arrivals, ...added] : state.arrivals;
      return { collection, loaded: true, arrivals: arrivals.filter((id) => collection.byId[id]) };
    });
  },

  upsert(request) {
    set((state) => {
      const { collection, added } = upsertEntity(state.collection, request, performance.now());
      if (collection === state.collection) return state;
      return {
        collection,
        arrivals: state.loaded ? [...state.arrivals, ...added] : state.arrivals,
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

  reset() {
    set(initial());
  },
}));

export const selectRequestsById = (state: RequestsState) => state.collection.byId;
export const selectArrivalCount = (state: RequestsState) => state.arrivals.length;
export const selectPendingCount = (state: RequestsState) =>
  Object.values(state.collection.byId).filter((request) => request.status === 'pending').length;
