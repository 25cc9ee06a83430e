import type { FilterOptions } from '#shared/schemas/song.ts';
import { filterOptionsOf, NO_VALUE_FILTER } from '#shared/song-filter-options.ts';
import type { ListedSong } from './song-list-types.ts';
import { matchesWords, queryWords, type SearchScope } from './song-search.ts';

/** The filter selects: '' means any; NO_VALUE_FILTER ('none') means "songs without one". */
export interface TagFilters {
  genre: string;
  mood: string;
  year: string;
  decade: string;
}

/** The filter selects and the search box, as the Songs tab keeps them together. */
export interface SongFilters extends TagFilters {
  query: string;
}

export const NO_TAG_FILTERS: TagFilters = { genre: '', mood: '', year: '', decade: '' };
export const NO_FILTERS: SongFilters = { query: '', ...NO_TAG_FILTERS };

export function hasFilters(filters: Partial<SongFilters>): boolean {
  return Object.values(filters).some((value) => value.trim() !== '');
}

function hasTag(tags: readonly string[], wanted: string): boolean {
  if (wanted === NO_VALUE_FILTER) return tags.length === 0;
  const key = wanted.toLowerCase();
  return tags.some((tag) => tag.toLowerCase() === key);
}

function matchesTags(song: ListedSong, { genre, mood, year, decade }: TagFilters): boolean {
  if (genre && !hasTag(song.genres, genre)) return false;
  if (mood && !hasTag(song.moods, mood)) return false;
  if (year && (year === NO_VALUE_FILTER ? song.year !== null : String(song.year) !== year)) {
    return false;
  }
  return !decade || (decade === NO_VALUE_FILTER ? song.decade === null : song.decade === decade);
}

/**
 * Songs matching every chosen filter, in order (in memory: no round trip per choice); a query
 * must match every word it has.
 */
export function filterSongs<T extends ListedSong>(
  songs: readonly T[],
  filters: TagFilters & { query?: string },
  scope: SearchScope = { notes: false },
): T[] {
  if (!hasFilters(filters)) return [...songs];
  const words = queryWords(filters.query ?? '');
  return songs.filter((song) => matchesTags(song, filters) && matchesWords(song, words, scope));
}

/**
 * The values the Songs tab's filter selects offer, from the loaded songs: the audience page's
 * (filterOptionsOf), with years and decades newest first.
 */
export function filterOptions(songs: readonly ListedSong[]): FilterOptions {
  const options = filterOptionsOf(songs);
  return {
    ...options,
    years: [...options.years].reverse(),
    decades: [...options.decades].reverse(),
  };
}
