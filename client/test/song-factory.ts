import { decadeOf, type Song } from '#shared/schemas/song.ts';

let counter = 0;

/** Test data: a song with sensible defaults; `year` also sets the decade. */
export function makeSong(overrides: Partial<Song> = {}): Song {
  counter += 1;
  const year = overrides.year === undefined ? null : overrides.year;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Song ${counter}`,
    artist: 'Artist',
    genres: [],
    moods: [],
    notes: '',
    songwriter: '',
    duration_seconds: null,
    hidden: false,
    request_count: 0,
    created_at: new Date(Date.UTC(2024, 0, 1, 0, counter)).toISOString(),
    ...overrides,
    year,
    decade: overrides.decade === undefined ? decadeOf(year) : overrides.decade,
  };
}
