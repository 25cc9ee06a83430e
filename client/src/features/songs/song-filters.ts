import { NO_VALUE_FILTER, type FilterOptions, type Song } from '#shared/schemas/song.ts';
import type { SongSortOption } from '#shared/song-sort-options.ts';

/** '' means "any"; NO_VALUE_FILTER ('none') means "songs without one". */
export interface SongFilters {
  query: string;
  genre: string;
  mood: string;
  year: string;
  decade: string;
}

export const NO_FILTERS: SongFilters = { query: '', genre: '', mood: '', year: '', decade: '' };

export function hasFilters(filters: SongFilters): boolean {
  return Object.values(filters).some((value) => value.trim() !== '');
}

/** Case- and accent-insensitive, so "beyonce" finds "Beyoncé". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

// The folded text a song is searched by, computed once per song object (songs are immutable).
const haystacks = new WeakMap<Song, string>();
function haystackOf(song: Song): string {
  let text = haystacks.get(song);
  if (text === undefined) {
    text = fold([song.title, song.artist, ...song.genres, ...song.moods, song.notes].join('\n'));
    haystacks.set(song, text);
  }
  return text;
}

function hasTag(tags: readonly string[], wanted: string): boolean {
  if (wanted === NO_VALUE_FILTER) return tags.length === 0;
  const key = wanted.toLowerCase();
  return tags.some((tag) => tag.toLowerCase() === key);
}

/** Songs matching every filter; the query must match every word it has. */
export function filterSongs(songs: readonly Song[], filters: SongFilters): Song[] {
  const words = fold(filters.query).split(/\s+/).filter(Boolean);
  const { genre, mood, year, decade } = filters;
  return songs.filter((song) => {
    if (genre && !hasTag(song.genres, genre)) return false;
    if (mood && !hasTag(song.moods, mood)) return false;
    if (year && (year === NO_VALUE_FILTER ? song.year !== null : String(song.year) !== year)) {
      return false;
    }
    if (decade && (decade === NO_VALUE_FILTER ? song.decade !== null : song.decade !== decade)) {
      return false;
    }
    if (words.length === 0) return true;
    const haystack = haystackOf(song);
    return words.every((word) => haystack.includes(word));
  });
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byTitle = (a: Song, b: Song) =>
  collator.compare(a.title, b.title) || collator.compare(a.artist, b.artist);

/** A small seeded generator (mulberry32): the same seed gives the same shuffle. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A new sorted array; `seed` only matters for random (seeded from the time it was chosen). */
export function sortSongs(songs: readonly Song[], sort: SongSortOption, seed = 0): Song[] {
  const sorted = [...songs];
  switch (sort) {
    case 'alphabetical':
      return sorted.sort(byTitle);
    case 'newest':
      return sorted.sort(
        (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || byTitle(a, b),
      );
    case 'random': {
      // Fisher-Yates over a title-sorted copy, so the order depends on the seed alone.
      sorted.sort(byTitle);
      const random = seededRandom(seed);
      for (let i = sorted.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
      }
      return sorted;
    }
    default:
      return sorted.sort((a, b) => b.request_count - a.request_count || byTitle(a, b));
  }
}

function uniqueTags(lists: Iterable<readonly string[]>): string[] {
  const byKey = new Map<string, string>();
  for (const list of lists) {
    for (const tag of list) if (!byKey.has(tag.toLowerCase())) byKey.set(tag.toLowerCase(), tag);
  }
  return [...byKey.values()].sort(collator.compare);
}

/** The values the filter selects offer, from the loaded songs. */
export function filterOptions(songs: readonly Song[]): FilterOptions {
  const years = new Set<number>();
  const decades = new Set<string>();
  for (const song of songs) {
    if (song.year !== null) years.add(song.year);
    if (song.decade) decades.add(song.decade);
  }
  return {
    genres: uniqueTags(songs.map((song) => song.genres)),
    moods: uniqueTags(songs.map((song) => song.moods)),
    years: [...years].sort((a, b) => b - a),
    decades: [...decades].sort().reverse(),
  };
}
