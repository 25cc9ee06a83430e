import type { Suggestion } from '#shared/schemas/suggestion.ts';
import {
  applySnapshot,
  emptyEntityState,
  entityList,
  removeEntity,
  upsertEntity,
  type EntityState,
} from '#client/lib/entity-collection.ts';
import { createResettable } from '#client/lib/store-reset.ts';

interface SuggestionsState extends EntityState<Suggestion> {
  applySnapshot(list: readonly Suggestion[], fetchStartedAt: number): void;
  upsert(suggestion: Suggestion): void;
  remove(id: string): void;
}

export const useSuggestionsStore = createResettable<SuggestionsState>((set) => ({
  ...emptyEntityState<Suggestion>(),

  applySnapshot(list, fetchStartedAt) {
    set((state) => ({
      collection: applySnapshot(state.collection, list, fetchStartedAt, performance.now())
        .collection,
      status: 'ready',
    }));
  },

  upsert(suggestion) {
    set((state) => ({
      collection: upsertEntity(state.collection, suggestion, performance.now()).collection,
    }));
  },

  remove(id) {
    set((state) => ({ collection: removeEntity(state.collection, id) }));
  },
}));

export const selectSuggestions = (state: SuggestionsState) => entityList(state.collection);

/** Newest first. */
export function sortSuggestions(list: readonly Suggestion[]): Suggestion[] {
  return [...list].sort(
    (a, b) => (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0),
  );
}
