/** The filter value meaning "songs with no genre / no mood / no year". */
export const NO_VALUE_FILTER = 'none';

/** The tags of a song the audience page's filters offer (a PublicSong or a song row has them). */
export interface FilterableSong {
  genres: readonly string[];
  moods: readonly string[];
  year: number | null;
}

/** The filter selects' values: the same shape as schemas/song.ts's FilterOptions, zod-free. */
export interface SongFilterOptions {
  genres: string[];
  moods: string[];
  years: number[];
  decades: string[];
}

/** Tags once each whatever their case (the first spelling kept), in alphabetical order. */
function distinctTags(tags: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const tag of tags) if (!byKey.has(tag.toLowerCase())) byKey.set(tag.toLowerCase(), tag);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/**
 * The values present in `songs`, and only those: a filter offering a genre the list does not
 * hold leads to "Showing 0 of 32". The server answers GET /musicians/{slug}/filters with it, and
 * the audience page applies it to the list it shows.
 */
export function filterOptionsOf(songs: readonly FilterableSong[]): SongFilterOptions {
  const years = [...new Set(songs.flatMap((song) => (song.year === null ? [] : [song.year])))];
  years.sort((a, b) => a - b);
  return {
    genres: distinctTags(songs.flatMap((song) => song.genres)),
    moods: distinctTags(songs.flatMap((song) => song.moods)),
    years,
    decades: [...new Set(years.map((year) => `${Math.floor(year / 10) * 10}s`))],
  };
}
