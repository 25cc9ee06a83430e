import { describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import {
  filterOptions,
  filterSongs,
  hasFilters,
  NO_FILTERS,
  type SongFilters,
} from './song-filters.ts';

const songs = [
  makeSong({ title: 'Halo', genres: ['Pop', 'R&B'], moods: ['Romantic'], year: 2008 }),
  makeSong({ title: 'Jolene', genres: ['Country'], year: 1973 }),
  makeSong({ title: 'Dreams', genres: ['Rock'], moods: ['Chill'], year: 1977 }),
  makeSong({ title: 'Untitled', year: null }),
];
const titles = (list: { title: string }[]) => list.map((song) => song.title);

describe('song filters', () => {
  it('no filter keeps every song, in order', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(titles(filterSongs(songs, NO_FILTERS))).toEqual([
      'Halo',
      'Jolene',
      'Dreams',
      'Untitled',
    ]);
  });

  it('genre and mood match any of the song’s, ignoring case', () => {
    expect(titles(filterSongs(songs, { ...NO_FILTERS, genre: 'r&b' }))).toEqual(['Halo']);
    expect(titles(filterSongs(songs, { ...NO_FILTERS, mood: 'Chill' }))).toEqual(['Dreams']);
  });

  it('year and decade', () => {
    expect(titles(filterSongs(songs, { ...NO_FILTERS, year: '1973' }))).toEqual(['Jolene']);
    expect(titles(filterSongs(songs, { ...NO_FILTERS, decade: '1970s' }))).toEqual([
      'Jolene',
      'Dreams',
    ]);
  });

  it('every filter chosen must match', () => {
    const filters = { ...NO_FILTERS, decade: '1970s', genre: 'Rock' };
    expect(hasFilters(filters)).toBe(true);
    expect(titles(filterSongs(songs, filters))).toEqual(['Dreams']);
    expect(filterSongs(songs, { ...filters, mood: 'Romantic' })).toEqual([]);
  });
});

// The Songs tab's cases: its search also reads the musician's notes.
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

const filter = (filters: Partial<SongFilters>) =>
  titles(filterSongs(all, { ...NO_FILTERS, ...filters }, { notes: true }));

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

describe('filterOptions', () => {
  it('lists distinct genres, moods, years (newest first) and decades', () => {
    const options = filterOptions([...all, makeSong({ genres: ['rock'], year: 1995 })]);
    expect(options.genres).toEqual(['Britpop', 'Pop', 'Rock']);
    expect(options.moods).toEqual(['Nostalgic']);
    expect(options.years).toEqual([2008, 1995]);
    expect(options.decades).toEqual(['2000s', '1990s']);
  });
});
