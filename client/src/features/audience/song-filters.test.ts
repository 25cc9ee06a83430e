import { describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import { filterSongs, hasFilters, NO_FILTERS } from './song-filters.ts';

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
