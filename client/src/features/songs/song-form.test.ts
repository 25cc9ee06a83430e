import { describe, expect, it } from 'vitest';
import type { SongMetadataWithWriter } from '#shared/schemas/song.ts';
import { addTag, EMPTY_SONG_FORM, filledFrom, mergeTags, songInputFrom } from './song-form.ts';

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

describe('filledFrom (Auto-fill)', () => {
  const found: SongMetadataWithWriter = {
    source: 'musicbrainz',
    title: 'Valerie',
    artist: 'The Zutons',
    year: 2006,
    genres: ['Indie Rock'],
    moods: ['Upbeat'],
    duration_seconds: 215,
    confidence: 0.95,
    songwriter: 'Dave McCabe',
  };
  const form = { ...EMPTY_SONG_FORM, title: 'Valerie', artist: 'The Zutons' };

  it('fills the empty fields, the length as "m:ss"', () => {
    expect(filledFrom(form, found)).toMatchObject({
      year: '2006',
      genres: ['Indie Rock'],
      songwriter: 'Dave McCabe',
      duration: '3:35',
    });
  });

  it('never over what the musician typed, and leaves the length empty when none was found', () => {
    const typed = { ...form, year: '2007', songwriter: 'Me', duration: '4:10' };
    expect(filledFrom(typed, found)).toMatchObject({
      year: '2007',
      songwriter: 'Me',
      duration: '4:10',
    });
    expect(filledFrom(form, { ...found, duration_seconds: null }).duration).toBe('');
  });
});
