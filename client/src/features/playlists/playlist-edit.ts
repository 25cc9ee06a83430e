import { messages } from '#shared/messages.ts';
import { PLAYLIST_NAME_MAX_LENGTH } from '#shared/schemas/playlist.ts';

/** Save is enabled only when the order or the members differ from what was loaded. */
export function isPlaylistChanged(original: readonly string[], edited: readonly string[]): boolean {
  return original.length !== edited.length || original.some((id, index) => edited[index] !== id);
}

/** A copy of `ids` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return moved;
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item!);
  return moved;
}

/** A rename's name check: inline 'Name required', or the length limit; null when fine. */
export function renameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return messages.playlistNameRequiredInline;
  if (trimmed.length > PLAYLIST_NAME_MAX_LENGTH) return messages.playlistNameTooLong;
  return null;
}

export type AddMode = 'new' | 'existing';

/** The form's own check before any call; null when it may be sent. */
export function addToPlaylistError(
  songCount: number,
  mode: AddMode,
  name: string,
  playlistId: string,
): string | null {
  if (songCount === 0) return messages.playlistSongsSelectionEmpty;
  if (mode === 'existing') return playlistId ? null : messages.playlistSelectRequired;
  if (!name.trim()) return messages.playlistNameMissing;
  if (name.trim().length > PLAYLIST_NAME_MAX_LENGTH) return messages.playlistNameTooLong;
  return null;
}
