import type { SongSortOption } from '#shared/song-sort-options.ts';
import type { ListedSong } from './song-list-types.ts';

/** mulberry32: a small, fast generator, so one seed always gives one order. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates with a seeded generator: the same seed and list give the same order. */
export function shuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byTitle = (a: ListedSong, b: ListedSong) =>
  collator.compare(a.title, b.title) || collator.compare(a.artist, b.artist);

/**
 * A sorted copy. Ties keep the order the list came in: the server's (most requested, then by
 * title; a playlist's songs in the playlist's order), with songs added since at the top. Random
 * shuffles a title-sorted copy, so the order depends on the seed alone, not on the list's order.
 * `seed` only matters for random (seeded from the time it was chosen).
 */
export function sortSongs<T extends ListedSong>(
  songs: readonly T[],
  order: SongSortOption,
  seed = 0,
): T[] {
  switch (order) {
    case 'random':
      return shuffle([...songs].sort(byTitle), seed);
    case 'alphabetical':
      return [...songs].sort(byTitle);
    case 'newest':
      return [...songs].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    case 'most-popular':
      return [...songs].sort((a, b) => b.request_count - a.request_count);
  }
}

/** One song of the list, or null when it is empty. */
export function pickRandom<T>(items: readonly T[], random: () => number = Math.random): T | null {
  if (items.length === 0) return null;
  return items[Math.floor(random() * items.length)] ?? null;
}
