import type { ListedSong } from './song-list-types.ts';

/** Case- and accent-insensitive, so "beyonce" finds "Beyoncé". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Which text a search reads. The Songs tab also searches the musician's notes; the audience page
 * does not, since its design may hide them and a song found by words nobody sees looks wrong.
 */
export interface SearchScope {
  notes: boolean;
}

// Folding is the slow part: done once per song object, so a keystroke over 2,000 songs is a
// plain substring scan. A refetched list brings new objects, folded again on first search.
const haystacks = new WeakMap<ListedSong, string>();
const haystacksWithNotes = new WeakMap<ListedSong, string>();

function haystackOf(song: ListedSong, { notes }: SearchScope): string {
  const cache = notes ? haystacksWithNotes : haystacks;
  let text = cache.get(song);
  if (text === undefined) {
    const fields = [song.title, song.artist, ...song.genres, ...song.moods];
    text = fold((notes ? [...fields, song.notes] : fields).join('\n'));
    cache.set(song, text);
  }
  return text;
}

/** The words of a query, folded; none for a blank one. */
export function queryWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

/** True when the song's text contains every word. */
export function matchesWords(song: ListedSong, words: readonly string[], scope: SearchScope) {
  if (words.length === 0) return true;
  const haystack = haystackOf(song, scope);
  return words.every((word) => haystack.includes(word));
}

/** Songs whose title, artist, genres or moods (and notes, if asked) hold every word, in order. */
export function searchSongs<T extends ListedSong>(
  songs: readonly T[],
  query: string,
  scope: SearchScope = { notes: false },
): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [...songs];
  return songs.filter((song) => matchesWords(song, words, scope));
}
