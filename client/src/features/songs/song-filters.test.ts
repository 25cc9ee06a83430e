import { describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import { sortFromQuery } from '#shared/song-sort-options.ts';
import {
  filterOptions,
  filterSongs,
  NO_FILTERS,
  sortSongs,
  type SongFilters,
} from './song-filters.ts';

const wonderwall = makeSong({
  title: 'Wonderwall',
  artist: 'Oasis',
  genres: ['Britpop', 'Rock'],
  moods: ['Nostalgic'],
  year: 1995,
  request_count: 3,
});
const halo = makeSong({
  title: 'Halo',
  artist: 'Beyoncé',
  genres: ['Pop'],
  moods: [],
  year: 2008,
  request_count: 9,
});
const untagged = makeSong({ title: 'Autumn Leaves', artist: 'Traditional', notes: 'jazz set' });
const all = [wonderwall, halo, untagged];

const titles = (songs: { title: string }[]) => songs.map((song) => song.title);
const filter = (filters: Partial<SongFilters>) =>
  titles(filterSongs(all, { ...NO_FILTERS, ...filters }));

describe('filterSongs', () => {
  it('keeps everything without filters', () => {
    expect(filter({})).toEqual(['Wonderwall', 'Halo', 'Autumn Leaves']);
  });

  it('searches title, artist, tags and notes, ignoring case and accents, every word', () => {
    expect(filter({ query: 'beyonce' })).toEqual(['Halo']);
    expect(filter({ query: '  OASIS rock ' })).toEqual(['Wonderwall']);
    expect(filter({ query: 'oasis jazz' })).toEqual([]);
    expect(filter({ query: 'jazz' })).toEqual(['Autumn Leaves']);
  });

  it('filters by genre and mood case-insensitively, and none means no value', () => {
    expect(filter({ genre: 'rock' })).toEqual(['Wonderwall']);
    expect(filter({ genre: 'none' })).toEqual(['Autumn Leaves']);
    expect(filter({ mood: 'Nostalgic' })).toEqual(['Wonderwall']);
    expect(filter({ mood: 'none' })).toEqual(['Halo', 'Autumn Leaves']);
  });

  it('filters by year and decade, and none means no year', () => {
    expect(filter({ year: '2008' })).toEqual(['Halo']);
    expect(filter({ year: 'none' })).toEqual(['Autumn Leaves']);
    expect(filter({ decade: '1990s' })).toEqual(['Wonderwall']);
    expect(filter({ decade: 'none' })).toEqual(['Autumn Leaves']);
  });

  it('combines filters', () => {
    expect(filter({ decade: '2000s', query: 'halo', genre: 'Pop' })).toEqual(['Halo']);
    expect(filter({ decade: '2000s', genre: 'Rock' })).toEqual([]);
  });
});

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

describe('sortFromQuery', () => {
  it('reads known values and falls back to most-popular', () => {
    expect(sortFromQuery('newest')).toBe('newest');
    expect(sortFromQuery(null)).toBe('most-popular');
    expect(sortFromQuery('bogus')).toBe('most-popular');
  });
});

describe('filterOptions', () => {
  it('lists distinct genres, moods, years (newest first) and decades', () => {
    const options = filterOptions([...all, makeSong({ genres: ['rock'], year: 1995 })]);
    expect(options.genres).toEqual(['Britpop', 'Pop', 'Rock']);
    expect(options.moods).toEqual(['Nostalgic']);
    expect(options.years).toEqual([2008, 1995]);
    expect(options.decades).toEqual(['2000s', '1990s']);
  });
});
