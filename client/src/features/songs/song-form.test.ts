import { describe, expect, it } from 'vitest';
import { addTag, mergeTags, songInputFrom } from './song-form.ts';

describe('addTag', () => {
  it('trims, and ignores empty or already chosen tags (any case)', () => {
    expect(addTag(['Rock'], '  Pop ')).toEqual(['Rock', 'Pop']);
    expect(addTag(['Rock'], '   ')).toEqual(['Rock']);
    expect(addTag(['Rock'], 'rock')).toEqual(['Rock']);
  });

  it('merges found tags without duplicates', () => {
    expect(mergeTags(['Rock'], ['rock', 'Britpop', 'Britpop'])).toEqual(['Rock', 'Britpop']);
  });
});

describe('songInputFrom', () => {
  it('trims text and sends the year as an integer or null', () => {
    const base = { title: ' Halo ', artist: ' Beyoncé ', genres: ['Pop', ' '], moods: [] };
    const typed = {
      ...base,
      year: ' 2008 ',
      notes: ' encore ',
      songwriter: ' Ryan Tedder ',
      duration: ' 3:51 ',
    };
    expect(songInputFrom(typed)).toEqual({
      title: 'Halo',
      artist: 'Beyoncé',
      genres: ['Pop'],
      moods: [],
      year: 2008,
      notes: 'encore',
      songwriter: 'Ryan Tedder',
      duration_seconds: '3:51',
    });
    const empty = songInputFrom({ ...base, year: '', notes: '', songwriter: '', duration: '' });
    expect(empty.year).toBeNull();
  });
});
