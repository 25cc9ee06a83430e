import type { PublicSong } from '#shared/schemas/song.ts';

/** Case- and accent-insensitive, so "beyonce" finds "Beyoncé". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

// Folding is the slow part: done once per song object, so a keystroke over 2,000 songs is a
// plain substring scan. A refetched list brings new objects, folded again on first search.
const haystacks = new WeakMap<PublicSong, string>();

function haystackOf(song: PublicSong): string {
  let text = haystacks.get(song);
  if (text === undefined) {
    text = fold([song.title, song.artist, ...song.genres, ...song.moods].join(' '));
    haystacks.set(song, text);
  }
  return text;
}

/** Songs whose title, artist, genres or moods contain every word of the query, in order. */
export function searchSongs(songs: readonly PublicSong[], query: string): PublicSong[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...songs];
  return songs.filter((song) => {
    const haystack = haystackOf(song);
    return words.every((word) => haystack.includes(word));
  });
}
