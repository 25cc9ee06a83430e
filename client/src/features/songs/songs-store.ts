import type { Song } from '#shared/schemas/song.ts';
import {
  collectionFrom,
  emptyEntityState,
  entityList,
  patchEntities,
  removeEntities,
  upsertEntity,
  type EntityState,
  type LoadStatus,
} from '#client/lib/entity-collection.ts';
import { createResettable } from '#client/lib/store-reset.ts';
import { NO_FILTERS, type SongFilters } from '#client/lib/song-list/song-filters.ts';

/** The whole repertoire, in the server's order; searched, filtered and sorted locally. */
interface SongsState extends EntityState<Song> {
  filters: SongFilters;
  /** Seed of the random order, taken from the clock when random is chosen or reshuffled. */
  randomSeed: number;
  /** Selected song ids (batch edit, batch delete, add to playlist). */
  selected: ReadonlySet<string>;
  setStatus(status: LoadStatus): void;
  applySnapshot(songs: readonly Song[]): void;
  /** A saved song; a new one goes to the top. */
  upsert(song: Song): void;
  /** Applies a change to songs already held (toggle visibility, batch edit). */
  patch(ids: readonly string[], change: (song: Song) => Song): void;
  remove(ids: readonly string[]): void;
  setFilter<K extends keyof SongFilters>(key: K, value: SongFilters[K]): void;
  clearFilters(): void;
  reshuffle(seed?: number): void;
  toggleSelected(id: string): void;
  /** Selects exactly these ids (select-all over the filtered list), or none. */
  setSelected(ids: Iterable<string>): void;
}

/** Drops selected ids that are no longer held. */
function keepKnown(selected: ReadonlySet<string>, byId: Readonly<Record<string, Song>>) {
  if (selected.size === 0) return selected;
  return new Set([...selected].filter((id) => byId[id]));
}

export const useSongsStore = createResettable<SongsState>((set) => ({
  ...emptyEntityState<Song>(),
  filters: NO_FILTERS,
  randomSeed: Date.now(),
  selected: new Set<string>(),

  setStatus(status) {
    set({ status });
  },

  applySnapshot(songs) {
    const collection = collectionFrom(songs, performance.now());
    set((state) => ({
      collection,
      status: 'ready',
      selected: keepKnown(state.selected, collection.byId),
    }));
  },

  upsert(song) {
    set((state) => ({
      collection: upsertEntity(state.collection, song, performance.now(), 'start').collection,
    }));
  },

  patch(ids, change) {
    set((state) => ({ collection: patchEntities(state.collection, change, ids) }));
  },

  remove(ids) {
    set((state) => {
      const collection = removeEntities(state.collection, ids);
      return { collection, selected: keepKnown(state.selected, collection.byId) };
    });
  },

  setFilter(key, value) {
    set((state) => ({ filters: { ...state.filters, [key]: value } }));
  },

  clearFilters() {
    set({ filters: NO_FILTERS });
  },

  reshuffle(seed = Date.now()) {
    set({ randomSeed: seed });
  },

  toggleSelected(id) {
    set((state) => {
      const selected = new Set(state.selected);
      if (!selected.delete(id)) selected.add(id);
      return { selected };
    });
  },

  setSelected(ids) {
    set({ selected: new Set(ids) });
  },
}));

export const selectSongs = (state: SongsState) => entityList(state.collection);
export const selectSongsStatus = (state: SongsState) => state.status;
export const selectFilters = (state: SongsState) => state.filters;
export const selectRandomSeed = (state: SongsState) => state.randomSeed;
export const selectSelected = (state: SongsState) => state.selected;
export const selectSelectedCount = (state: SongsState) => state.selected.size;
