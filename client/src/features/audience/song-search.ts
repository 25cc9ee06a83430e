import type { PublicSong } from '#shared/schemas/song.ts';

/** Case- and accent-insensitive, so "beyonce" finds "Beyoncé". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Songs whose title, artist, genres or moods contain every word of the query. */
export function searchSongs(songs: readonly PublicSong[], query: string): PublicSong[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...songs];
  return songs.filter((song) => {
    const haystack = fold([song.title, song.artist, ...song.genres, ...song.moods].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
