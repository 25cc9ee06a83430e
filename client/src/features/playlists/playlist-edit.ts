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
