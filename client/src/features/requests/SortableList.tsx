import { dragAnnouncements } from '#client/lib/drag-announcements.ts';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
  type SortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SongRequest } from '#shared/schemas/request.ts';
import { DragHandle } from './DragHandle.tsx';
import { heldOrder } from './held-order.ts';
import { handleLabel, type ReorderableListProps } from './reorderable-list.ts';

/**
 * In a grid of unequal panels (stage's Now beside Next) the others stay put while one is dragged:
 * shifting a large panel into a small one's place distorts both. The panel under it is outlined.
 */
const stayPut: SortingStrategy = () => null;

/** How long a dropped order shows before the server's (pushed to every device) must have come. */
const HOLD_MS = 4_000;

/**
 * The queue column with dnd-kit (loaded lazily). Only the handle starts a drag (mouse, pen and
 * finger after 4 px: the handle alone has touch-action none, so a swipe anywhere else on the row
 * scrolls), and the keyboard with Space, arrows, Space. A drop shows the new order at once and sends one move; the server renumbers the
 * column and every device, this one included, hears the new positions.
 */
export default function SortableList({
  items,
  className,
  grid,
  disabled,
  onMove,
  renderItem,
}: ReorderableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [held, setHeld] = useState<readonly string[] | null>(null);
  const shown = useMemo(() => heldOrder(items, held), [items, held]);
  const ids = shown.map((request) => request.id);

  // The server's order has caught up (or the column changed): its order from now on, so a later
  // move from another device is not undone by this one. (Set while rendering: React's way to
  // adjust state to new props without a second pass.)
  if (held && shown === items) setHeld(null);
  // A move refused or lost: the server's order after a while.
  useEffect(() => {
    if (!held) return;
    const timer = setTimeout(() => setHeld(null), HOLD_MS);
    return () => clearTimeout(timer);
  }, [held]);

  const nameOf = (id: UniqueIdentifier) =>
    shown.find((request) => request.id === id)?.song_title ?? 'the request';
  const positionOf = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const announcements = dragAnnouncements(nameOf, positionOf, ids.length);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    const order = arrayMove(ids, from, to);
    const request = shown[from];
    if (!request) return;
    setHeld(order);
    onMove(request, to === 0 ? null : (order[to - 1] ?? null));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements }}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={ids}
        strategy={grid ? stayPut : verticalListSortingStrategy}
        disabled={disabled}
      >
        <ol className={className}>
          {shown.map((request, index) => (
            <SortableItem key={request.id} request={request} disabled={disabled}>
              {(handle) =>
                renderItem(request, index, handle(handleLabel(request, index, ids.length)))
              }
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface SortableItemProps {
  request: SongRequest;
  disabled?: boolean | undefined;
  children(handle: (label: string) => ReactNode): ReactNode;
}

function SortableItem({ request, disabled, children }: SortableItemProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
    isOver,
  } = useSortable({ id: request.id, disabled });
  return (
    <li
      ref={setNodeRef}
      data-queue-position={request.queue_position ?? undefined}
      className={isDragging ? 'is-dragging' : isOver ? 'is-drop-target' : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children((label) => (
        <DragHandle
          label={label}
          disabled={disabled}
          binding={{ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }}
        />
      ))}
    </li>
  );
}
