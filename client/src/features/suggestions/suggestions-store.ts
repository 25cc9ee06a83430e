import { create } from 'zustand';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import {
  applySnapshot,
  emptyCollection,
  removeEntity,
  upsertEntity,
  type EntityCollection,
} from '#client/app/live/entity-collection.ts';

export interface SuggestionsState {
  collection: EntityCollection<Suggestion>;
  applySnapshot(list: readonly Suggestion[], fetchStartedAt: number): void;
  upsert(suggestion: Suggestion): void;
  remove(id: string): void;
  reset(): void;
}

export const useSuggestionsStore = create<SuggestionsState>()((set) => ({
  collection: emptyCollection<Suggestion>(),

  applySnapshot(list, fetchStartedAt) {
    set((state) => ({
      collection: applySnapshot(state.collection, list, fetchStartedAt, performance.now())
        .collection,
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

  reset() {
    set({ collection: emptyCollection<Suggestion>() });
  },
}));

export const selectSuggestionsById = (state: SuggestionsState) => state.collection.byId;

/** Newest first. */
export function sortSuggestions(list: readonly Suggestion[]): Suggestion[] {
  return [...list].sort(
    (a, b) => (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0),
  );
}
