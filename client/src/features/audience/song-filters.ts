import type { PublicSong } from '#shared/schemas/song.ts';

/** The filter selects of the panel; '' means any. The playlist is asked of the server. */
export interface SongFilters {
  genre: string;
  mood: string;
  year: string;
  decade: string;
}

export const NO_FILTERS: SongFilters = { genre: '', mood: '', year: '', decade: '' };

export function hasFilters(filters: SongFilters): boolean {
  return Object.values(filters).some(Boolean);
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Songs matching every chosen filter, in order (in memory: no round trip per choice). */
export function filterSongs(songs: readonly PublicSong[], filters: SongFilters): PublicSong[] {
  if (!hasFilters(filters)) return [...songs];
  const { genre, mood, year, decade } = filters;
  return songs.filter(
    (song) =>
      (!genre || song.genres.some((g) => same(g, genre))) &&
      (!mood || song.moods.some((m) => same(m, mood))) &&
      (!year || String(song.year) === year) &&
      (!decade || song.decade === decade),
  );
}
