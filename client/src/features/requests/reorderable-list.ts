import type { ReactNode } from 'react';
import type { SongRequest } from '#shared/schemas/request.ts';

/** A queue column that can be dragged into a new order (ReorderableList, SortableList). */
export interface ReorderableListProps {
  items: readonly SongRequest[];
  className: string;
  /** Whether the list can be reordered at all (waiting requests: only under "My order"). */
  sortable: boolean;
  /** Laid out as a grid (stage's Now and Next side by side), not a single column. */
  grid?: boolean | undefined;
  /** Offline or demo: the handles show, but wait. */
  disabled?: boolean | undefined;
  /** A drop: the request now follows `afterId` (null: first). */
  onMove(request: SongRequest, afterId: string | null): void;
  /** The item's content; `handle` is its drag handle (null when the list is not sortable). */
  renderItem(request: SongRequest, index: number, handle: ReactNode): ReactNode;
}

/** "Reorder Creep, position 2 of 5": the handle's name, read out when it is focused. */
export function handleLabel(request: SongRequest, index: number, count: number): string {
  return `Reorder ${request.song_title}, position ${index + 1} of ${count}`;
}
