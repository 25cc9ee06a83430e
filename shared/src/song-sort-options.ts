/**
 * The song sort select of spec section 9, on the audience page and the Songs tab alike, in its
 * order. The first is the default, which is left out of the URL's ?sort=.
 */
export const SONG_SORT_OPTIONS = [
  { id: 'most-popular', label: 'Most popular' },
  { id: 'alphabetical', label: 'Alphabetical' },
  { id: 'newest', label: 'Newest' },
  { id: 'random', label: 'Random' },
] as const;

export type SongSortOption = (typeof SONG_SORT_OPTIONS)[number]['id'];

export const DEFAULT_SONG_SORT: SongSortOption = 'most-popular';

/** ?sort= as written by someone (or an old link): anything unknown is the default. */
export function sortFromQuery(value: string | null): SongSortOption {
  return SONG_SORT_OPTIONS.find((option) => option.id === value)?.id ?? DEFAULT_SONG_SORT;
}
