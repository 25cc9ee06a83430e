import { lazy, Suspense } from 'react';
import { DragHandle } from './DragHandle.tsx';
import { handleLabel, type ReorderableListProps } from './reorderable-list.ts';

// dnd-kit is ~45 kB: the screens show the list at once and the handles work once it has loaded.
const SortableList = lazy(() => import('./SortableList.tsx'));

/** A queue column as an ordered list, draggable by each item's handle when `sortable`. */
export function ReorderableList(props: ReorderableListProps) {
  if (!props.sortable || props.items.length < 2) return <PlainList {...props} sortable={false} />;
  return (
    <Suspense fallback={<PlainList {...props} />}>
      <SortableList {...props} />
    </Suspense>
  );
}

/** The same list without dnd-kit: before it loads (handles shown, inert), or not sortable. */
function PlainList({ items, className, sortable, renderItem }: ReorderableListProps) {
  return (
    <ol className={className}>
      {items.map((request, index) => (
        <li key={request.id} data-queue-position={request.queue_position ?? undefined}>
          {renderItem(
            request,
            index,
            sortable ? <DragHandle label={handleLabel(request, index, items.length)} /> : null,
          )}
        </li>
      ))}
    </ol>
  );
}
