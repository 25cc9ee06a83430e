import { useMemo } from 'react';
import type { Song } from '#shared/schemas/song.ts';
import type { SongSortOption } from '#shared/song-sort-options.ts';
import { filterOptions, filterSongs } from '#client/lib/song-list/song-filters.ts';
import { sortSongs } from '#client/lib/song-list/song-order.ts';
import { selectFilters, selectRandomSeed, selectSongs, useSongsStore } from './songs-store.ts';

/**
 * The list as shown: sorted once per songs/sort change, then filtered per keystroke, so typing
 * only pays for the filter. The musician's own notes are searched too.
 */
export function useVisibleSongs(sort: SongSortOption): readonly Song[] {
  const songs = useSongsStore(selectSongs);
  const filters = useSongsStore(selectFilters);
  const seed = useSongsStore(selectRandomSeed);
  const sorted = useMemo(
    () => sortSongs(songs, sort, sort === 'random' ? seed : 0),
    [songs, sort, seed],
  );
  return useMemo(() => filterSongs(sorted, filters, { notes: true }), [sorted, filters]);
}

export function useFilterOptions() {
  const songs = useSongsStore(selectSongs);
  return useMemo(() => filterOptions(songs), [songs]);
}
