import { describe, expect, it } from 'vitest';
import { filterOptionsOf } from './song-filter-options.ts';

describe('filterOptionsOf', () => {
  it('offers each value present once, sorted, decades from the years', () => {
    expect(
      filterOptionsOf([
        { genres: ['rock', 'Pop'], moods: ['Happy'], year: 1982 },
        { genres: ['Country'], moods: ['Sad'], year: 1973 },
        { genres: ['Rock'], moods: [], year: 1978 },
        { genres: [], moods: [], year: null },
      ]),
    ).toEqual({
      genres: ['Country', 'Pop', 'rock'],
      moods: ['Happy', 'Sad'],
      years: [1973, 1978, 1982],
      decades: ['1970s', '1980s'],
    });
  });

  it('offers nothing for no songs', () => {
    expect(filterOptionsOf([])).toEqual({ genres: [], moods: [], years: [], decades: [] });
  });
});
