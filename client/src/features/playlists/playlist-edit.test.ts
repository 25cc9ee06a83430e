import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { addToPlaylistError, isPlaylistChanged, moveItem, renameError } from './playlist-edit.ts';

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

describe('renameError', () => {
  it('asks for a name inline and enforces the 100-character limit', () => {
    expect(renameError('  ')).toBe(messages.playlistNameRequiredInline);
    expect(renameError('x'.repeat(101))).toBe(messages.playlistNameTooLong);
    expect(renameError(` ${'x'.repeat(100)} `)).toBeNull();
  });
});

describe('addToPlaylistError', () => {
  it('needs songs, then a playlist or a name', () => {
    expect(addToPlaylistError(0, 'new', 'Set', '')).toBe(messages.playlistSongsSelectionEmpty);
    expect(addToPlaylistError(2, 'existing', '', '')).toBe(messages.playlistSelectRequired);
    expect(addToPlaylistError(2, 'existing', '', 'id-1')).toBeNull();
    expect(addToPlaylistError(2, 'new', ' ', '')).toBe(messages.playlistNameMissing);
    expect(addToPlaylistError(2, 'new', 'x'.repeat(101), '')).toBe(messages.playlistNameTooLong);
    expect(addToPlaylistError(2, 'new', 'Friday', '')).toBeNull();
  });
});
