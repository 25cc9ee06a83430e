import type { SongRequest } from '#shared/schemas/request.ts';
import {
  applySnapshot,
  removeEntities,
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
  /** The server's `next_since`: the next poll or resync asks only for what changed after it. */
  since: string | null;
  /** Where older history continues (`next_before`); null when everything older is loaded. */
  olderCursor: string | null;
  olderStatus: 'idle' | 'loading' | 'error';
  /**
   * A complete working set from the server: requests it lacks were deleted (unless they came
   * later). Without `cursors` the held ones stay (a caller that does not page).
   */
  applySnapshot(
    list: readonly SongRequest[],
    fetchStartedAt: number,
    cursors?: { since?: string; older?: string | null },
  ): void;
  /** A delta answered for `since`: changed requests merged in, deleted ids dropped. */
  applyChanges(
    changed: readonly SongRequest[],
    deletedIds: readonly string[],
    since?: string,
  ): void;
  /** One page of older history, appended; `older` continues from its end. */
  addOlder(list: readonly SongRequest[], older: string | null): void;
  setOlderStatus(status: 'idle' | 'loading' | 'error'): void;
  /** A failed load; once a list has arrived it stays shown and nothing changes. */
  loadFailed(error: unknown): void;
  upsert(request: SongRequest): void;
  remove(id: string): void;
  clearArrivals(): void;
  /** These arrivals have been on screen long enough to count as seen (the stage's NEW flag). */
  seeArrivals(ids: readonly string[]): void;
}

export const useRequestsStore = createResettable<RequestsState>((set) => ({
  ...emptyEntityState<SongRequest>(),
  loadError: null,
  arrivals: [],
  since: null,
  olderCursor: null,
  olderStatus: 'idle',

  applySnapshot(list, fetchStartedAt, cursors) {
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
        since: cursors?.since ?? state.since,
        olderCursor: cursors && 'older' in cursors ? (cursors.older ?? null) : state.olderCursor,
      };
    });
  },

  applyChanges(changed, deletedIds, since) {
    set((state) => {
      let collection = removeEntities(state.collection, deletedIds);
      const added: string[] = [];
      for (const request of changed) {
        const result = upsertEntity(collection, request, performance.now());
        collection = result.collection;
        added.push(...result.added);
      }
      const arrivals = state.status === 'ready' ? [...state.arrivals, ...added] : state.arrivals;
      return {
        collection,
        status: 'ready',
        loadError: null,
        arrivals: arrivals.filter((id) => collection.byId[id]),
        since: since ?? state.since,
      };
    });
  },

  addOlder(list, older) {
    set((state) => {
      let collection = state.collection;
      for (const request of list) {
        collection = upsertEntity(collection, request, performance.now()).collection;
      }
      // History is not news: older requests never count as arrivals.
      return { collection, olderCursor: older, olderStatus: 'idle' };
    });
  },

  setOlderStatus(olderStatus) {
    set({ olderStatus });
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

  seeArrivals(ids) {
    set((state) => ({ arrivals: state.arrivals.filter((arrival) => !ids.includes(arrival)) }));
  },
}));

export const selectRequests = (state: RequestsState) => entityList(state.collection);
export const selectPendingCount = (state: RequestsState) =>
  selectRequests(state).filter((request) => request.status === 'pending').length;
