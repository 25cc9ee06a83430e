import { create } from 'zustand';
import type { Song } from '#shared/schemas/song.ts';
import { NO_FILTERS, type SongFilters } from './song-filters.ts';

export type SongsLoad = 'idle' | 'loading' | 'loaded' | 'failed';

export interface SongsState {
  /** The whole repertoire, as the server sent it; searched, filtered and sorted locally. */
  songs: readonly Song[];
  load: SongsLoad;
  filters: SongFilters;
  /** Seed of the random order, taken from the clock when random is chosen or reshuffled. */
  randomSeed: number;
  /** Selected song ids (batch edit, batch delete, add to playlist). */
  selected: ReadonlySet<string>;
  setLoad(load: SongsLoad): void;
  setSongs(songs: readonly Song[]): void;
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
  reset(): void;
}

const initial = () => ({
  songs: [] as readonly Song[],
  load: 'idle' as SongsLoad,
  filters: NO_FILTERS,
  randomSeed: Date.now(),
  selected: new Set<string>() as ReadonlySet<string>,
});

/** Drops selected ids that are no longer in the list. */
function keepKnown(selected: ReadonlySet<string>, songs: readonly Song[]) {
  if (selected.size === 0) return selected;
  const ids = new Set(songs.map((song) => song.id));
  return new Set([...selected].filter((id) => ids.has(id)));
}

export const useSongsStore = create<SongsState>()((set) => ({
  ...initial(),

  setLoad(load) {
    set({ load });
  },

  setSongs(songs) {
    set((state) => ({ songs, load: 'loaded', selected: keepKnown(state.selected, songs) }));
  },

  upsert(song) {
    set((state) => {
      const index = state.songs.findIndex((held) => held.id === song.id);
      if (index === -1) return { songs: [song, ...state.songs] };
      const songs = [...state.songs];
      songs[index] = song;
      return { songs };
    });
  },

  patch(ids, change) {
    const wanted = new Set(ids);
    set((state) => ({
      songs: state.songs.map((song) => (wanted.has(song.id) ? change(song) : song)),
    }));
  },

  remove(ids) {
    const gone = new Set(ids);
    set((state) => {
      const songs = state.songs.filter((song) => !gone.has(song.id));
      return { songs, selected: keepKnown(state.selected, songs) };
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

  reset() {
    set(initial());
  },
}));

export const selectSongs = (state: SongsState) => state.songs;
export const selectSongsLoad = (state: SongsState) => state.load;
export const selectFilters = (state: SongsState) => state.filters;
export const selectRandomSeed = (state: SongsState) => state.randomSeed;
export const selectSelected = (state: SongsState) => state.selected;
export const selectSelectedCount = (state: SongsState) => state.selected.size;
