import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_SONG_SORT,
  sortFromQuery,
  type SongSortOption,
} from '#shared/song-sort-options.ts';
import { useSongsStore } from './songs-store.ts';

/** The sort kept in ?sort= (most-popular, the default, is left out); other params are kept. */
export function useSongSort(): [SongSortOption, (sort: SongSortOption) => void] {
  const [params, setParams] = useSearchParams();
  const sort = sortFromQuery(params.get('sort'));

  const setSort = useCallback(
    (next: SongSortOption) => {
      // Random is seeded from the time it is chosen.
      if (next === 'random') useSongsStore.getState().reshuffle();
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_SONG_SORT) updated.delete('sort');
          else updated.set('sort', next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return [sort, setSort];
}
