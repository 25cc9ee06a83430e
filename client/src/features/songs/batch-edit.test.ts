import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { buildBatchEdit, EMPTY_BATCH_FORM, splitTags } from './batch-edit.ts';

const ids = ['a', 'b'];

describe('buildBatchEdit', () => {
  it('needs a selection', () => {
    expect(buildBatchEdit([], { ...EMPTY_BATCH_FORM, artist: 'X' })).toEqual({
      ok: false,
      error: messages.batchUpdateSelectionEmpty,
    });
  });

  it('refuses a form with nothing filled (blanks count as empty)', () => {
    expect(buildBatchEdit(ids, { ...EMPTY_BATCH_FORM, artist: '  ', genres: ' , ' })).toEqual({
      ok: false,
      error: messages.batchNothingToUpdate,
    });
  });

  it('sends only filled fields, trimmed, with notes always', () => {
    expect(buildBatchEdit(ids, { ...EMPTY_BATCH_FORM, genres: ' Rock, Pop ,,' })).toEqual({
      ok: true,
      body: { song_ids: ids, updates: { genres: ['Rock', 'Pop'], notes: '' } },
    });
    expect(
      buildBatchEdit(ids, {
        artist: ' Oasis ',
        genres: '',
        moods: 'Happy',
        year: ' 1995 ',
        notes: ' encore ',
      }),
    ).toEqual({
      ok: true,
      body: {
        song_ids: ids,
        updates: { artist: 'Oasis', moods: ['Happy'], year: 1995, notes: 'encore' },
      },
    });
  });

  it('refuses a year that is not a whole year', () => {
    expect(buildBatchEdit(ids, { ...EMPTY_BATCH_FORM, year: '95a' })).toEqual({
      ok: false,
      error: messages.songYearInvalid,
    });
  });
});

describe('splitTags', () => {
  it('splits on commas and drops blanks', () => {
    expect(splitTags(' a, b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(splitTags('')).toEqual([]);
  });
});
