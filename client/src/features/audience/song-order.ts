import type { PublicSong } from '#shared/schemas/song.ts';
import type { SongSortOption } from '#shared/song-sort-options.ts';

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

/** A sorted copy; ties keep the server's order (the active playlist's, or newest first). */
export function sortSongs(songs: readonly PublicSong[], order: SongSortOption, seed: number) {
  switch (order) {
    case 'random':
      return shuffle(songs, seed);
    case 'alphabetical':
      return [...songs].sort(
        (a, b) => collator.compare(a.title, b.title) || collator.compare(a.artist, b.artist),
      );
    case 'newest':
      return [...songs].sort((a, b) => b.created_at.localeCompare(a.created_at));
    case 'most-popular':
      return [...songs].sort((a, b) => b.request_count - a.request_count);
  }
}

/** One song of the list, or null when it is empty. */
export function pickRandom<T>(items: readonly T[], random: () => number = Math.random): T | null {
  if (items.length === 0) return null;
  return items[Math.floor(random() * items.length)] ?? null;
}
