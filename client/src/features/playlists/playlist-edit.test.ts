import { describe, expect, it } from 'vitest';
import { isPlaylistChanged, moveItem } from './playlist-edit.ts';

describe('isPlaylistChanged', () => {
  it('is false for the same ids in the same order', () => {
    expect(isPlaylistChanged(['a', 'b'], ['a', 'b'])).toBe(false);
    expect(isPlaylistChanged([], [])).toBe(false);
  });

  it('is true after a reorder, a removal, or a reorder undone differently', () => {
    expect(isPlaylistChanged(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isPlaylistChanged(['a', 'b'], ['a'])).toBe(true);
    expect(
      isPlaylistChanged(['a', 'b', 'c'], moveItem(moveItem(['a', 'b', 'c'], 0, 2), 2, 0)),
    ).toBe(false);
  });
});

describe('moveItem', () => {
  it('moves an item and leaves the input alone', () => {
    const items = ['a', 'b', 'c'];
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(items, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(items).toEqual(['a', 'b', 'c']);
  });

  it('ignores positions out of range', () => {
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
