import { describe, expect, it } from 'vitest';
import type { PublicSong } from '#shared/schemas/song.ts';
import { searchSongs } from './song-search.ts';

function song(overrides: Partial<PublicSong>): PublicSong {
  return {
    id: crypto.randomUUID(),
    title: 'Untitled',
    artist: 'Unknown',
    genres: [],
    moods: [],
    year: null,
    duration_seconds: null,
    decade: null,
    notes: '',
    request_count: 0,
    created_at: new Date(0).toISOString(),
    ...overrides,
  };
}

const songs = [
  song({ title: 'Halo', artist: 'Beyoncé', genres: ['Pop'] }),
  song({ title: 'Wonderwall', artist: 'Oasis', moods: ['Singalong'] }),
  song({ title: 'Hallelujah', artist: 'Leonard Cohen' }),
];
const titles = (list: PublicSong[]) => list.map((s) => s.title);

describe('searchSongs', () => {
  it('returns every song, in order, for a blank query', () => {
    expect(titles(searchSongs(songs, '   '))).toEqual(['Halo', 'Wonderwall', 'Hallelujah']);
  });

  it('matches title and artist ignoring case and accents', () => {
    expect(titles(searchSongs(songs, 'HAL'))).toEqual(['Halo', 'Hallelujah']);
    expect(titles(searchSongs(songs, 'beyonce'))).toEqual(['Halo']);
  });

  it('matches genres and moods, and needs every word', () => {
    expect(titles(searchSongs(songs, 'singalong'))).toEqual(['Wonderwall']);
    expect(titles(searchSongs(songs, 'pop halo'))).toEqual(['Halo']);
    expect(titles(searchSongs(songs, 'pop oasis'))).toEqual([]);
  });
});
