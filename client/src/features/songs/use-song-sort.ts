import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_SORT, sortFromQuery, type SongSort } from './song-filters.ts';
import { useSongsStore } from './songs-store.ts';

/** The sort kept in ?sort= (most-popular, the default, is left out); other params are kept. */
export function useSongSort(): [SongSort, (sort: SongSort) => void] {
  const [params, setParams] = useSearchParams();
  const sort = sortFromQuery(params.get('sort'));

  const setSort = useCallback(
    (next: SongSort) => {
      // Random is seeded from the time it is chosen.
      if (next === 'random') useSongsStore.getState().reshuffle();
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_SORT) updated.delete('sort');
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
