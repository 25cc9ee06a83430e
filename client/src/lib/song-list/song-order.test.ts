import { describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import { sortFromQuery } from '#shared/song-sort-options.ts';
import { pickRandom, seededRandom, shuffle, sortSongs } from './song-order.ts';

const songs = [
  makeSong({ title: 'beta', artist: 'B', request_count: 1, created_at: '2024-01-02T00:00:00Z' }),
  makeSong({ title: 'Alpha', artist: 'A', request_count: 5, created_at: '2024-01-01T00:00:00Z' }),
  makeSong({ title: 'Song 10', artist: 'C', request_count: 0, created_at: '2024-01-04T00:00:00Z' }),
  makeSong({ title: 'Song 9', artist: 'D', request_count: 1, created_at: '2024-01-03T00:00:00Z' }),
];
const titles = (list: { title: string }[]) => list.map((song) => song.title);

describe('sorting the songs', () => {
  it('most popular first; ties keep the server order', () => {
    expect(titles(sortSongs(songs, 'most-popular', 1))).toEqual([
      'Alpha',
      'beta',
      'Song 9',
      'Song 10',
    ]);
  });

  it('alphabetical ignores case and reads numbers as numbers', () => {
    expect(titles(sortSongs(songs, 'alphabetical', 1))).toEqual([
      'Alpha',
      'beta',
      'Song 9',
      'Song 10',
    ]);
  });

  it('newest first', () => {
    expect(titles(sortSongs(songs, 'newest', 1))).toEqual(['Song 10', 'Song 9', 'beta', 'Alpha']);
  });

  it('random: one seed, one order; another seed, another order; no song lost', () => {
    const many = Array.from({ length: 50 }, (_, i) => makeSong({ title: `S${i}` }));
    const first = titles(sortSongs(many, 'random', 42));
    expect(titles(sortSongs(many, 'random', 42))).toEqual(first);
    expect(titles(sortSongs(many, 'random', 43))).not.toEqual(first);
    expect([...first].sort()).toEqual(titles(many).sort());
  });

  it('never changes the list it is given', () => {
    const copy = [...songs];
    sortSongs(songs, 'alphabetical', 1);
    shuffle(songs, 7);
    expect(songs).toEqual(copy);
  });
});

// The Songs tab's cases.
const wonderwall = makeSong({ title: 'Wonderwall', artist: 'Oasis', request_count: 3 });
const halo = makeSong({ title: 'Halo', artist: 'Beyoncé', request_count: 9 });
const untagged = makeSong({ title: 'Autumn Leaves', artist: 'Traditional', notes: 'jazz set' });
const all = [wonderwall, halo, untagged];

describe('sortSongs', () => {
  it('puts the most requested first by default', () => {
    expect(titles(sortSongs(all, 'most-popular'))).toEqual(['Halo', 'Wonderwall', 'Autumn Leaves']);
  });

  it('sorts alphabetically by title and newest first', () => {
    expect(titles(sortSongs(all, 'alphabetical'))).toEqual(['Autumn Leaves', 'Halo', 'Wonderwall']);
    expect(titles(sortSongs(all, 'newest'))).toEqual(['Autumn Leaves', 'Halo', 'Wonderwall']);
  });

  it('shuffles the same way for the same seed, whatever the input order', () => {
    const many = Array.from({ length: 30 }, (_, i) => makeSong({ title: `T${i}` }));
    const once = titles(sortSongs(many, 'random', 42));
    expect(titles(sortSongs([...many].reverse(), 'random', 42))).toEqual(once);
    expect(titles(sortSongs(many, 'random', 43))).not.toEqual(once);
    expect([...once].sort()).toEqual(titles(many).sort());
  });

  it('does not change its input', () => {
    const input = [...all];
    sortSongs(input, 'alphabetical');
    expect(input).toEqual(all);
  });
});

describe('the sort in the address', () => {
  it('reads known orders and falls back to most popular', () => {
    expect(sortFromQuery('newest')).toBe('newest');
    expect(sortFromQuery('random')).toBe('random');
    expect(sortFromQuery(null)).toBe('most-popular');
    expect(sortFromQuery('popularity')).toBe('most-popular');
    expect(sortFromQuery('bogus')).toBe('most-popular');
  });
});

describe('Random Song', () => {
  it('picks from the list it is given, with the generator given', () => {
    const random = seededRandom(5);
    const picked = Array.from({ length: 30 }, () => pickRandom(songs, random)?.title);
    expect(new Set(picked)).toEqual(new Set(titles(songs)));
    expect(pickRandom(songs, () => 0.99)?.title).toBe('Song 9');
    expect(pickRandom([], Math.random)).toBeNull();
  });

  it('the generator stays in [0, 1)', () => {
    const random = seededRandom(123);
    for (let i = 0; i < 1000; i += 1) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
