import { useCallback, useMemo, useState } from 'react';
import type { PublicSong } from '#shared/schemas/song.ts';
import { readParam, writeParam } from './audience-location.ts';
import {
  filterSongs,
  hasFilters,
  NO_TAG_FILTERS,
  type TagFilters,
} from '#client/lib/song-list/song-filters.ts';
import { sortSongs } from '#client/lib/song-list/song-order.ts';
import {
  DEFAULT_SONG_SORT,
  sortFromQuery,
  type SongSortOption,
} from '#shared/song-sort-options.ts';

/**
 * Search, sort and filters over the songs in memory. The sort lives in ?sort= (the default is
 * left out), so a shared link keeps it; random is seeded from the time, reshuffled on demand.
 */
export function useSongBrowser(songs: readonly PublicSong[]) {
  const [query, setQuery] = useState('');
  const [sort, setSortState] = useState<SongSortOption>(() => sortFromQuery(readParam('sort')));
  const [seed, setSeed] = useState(() => Date.now());
  const [filters, setFilters] = useState<TagFilters>(NO_TAG_FILTERS);

  // Sorting is the costly step: only when the list or the order changes, never per keystroke.
  const sorted = useMemo(() => sortSongs(songs, sort, seed), [songs, sort, seed]);
  const shown = useMemo(() => filterSongs(sorted, { ...filters, query }), [sorted, filters, query]);

  const setSort = useCallback((next: SongSortOption) => {
    setSortState(next);
    if (next === 'random') setSeed(Date.now());
    writeParam('sort', next === DEFAULT_SONG_SORT ? null : next);
  }, []);

  const setFilter = useCallback(
    (name: keyof TagFilters, value: string) => setFilters((old) => ({ ...old, [name]: value })),
    [],
  );

  return {
    query,
    setQuery,
    sort,
    setSort,
    shuffle: useCallback(() => setSeed(Date.now()), []),
    filters,
    setFilter,
    filtering: hasFilters(filters),
    clearFilters: useCallback(() => setFilters(NO_TAG_FILTERS), []),
    shown,
  };
}

export type SongBrowserState = ReturnType<typeof useSongBrowser>;
