import type { HTMLAttributes, Ref } from 'react';
import { Icon } from '#client/ui/icons.tsx';

/** What dnd-kit hands the handle: its ref, attributes and listeners. */
export interface HandleBinding {
  ref: Ref<HTMLButtonElement>;
  props: HTMLAttributes<HTMLButtonElement>;
}

interface DragHandleProps {
  label: string;
  /** Absent until the drag code has loaded (a few kB after the screen): shown, not yet usable. */
  binding?: HandleBinding | undefined;
  disabled?: boolean | undefined;
}

/**
 * The one place a request can be dragged from: touch scrolling anywhere else on the row never
 * moves it. Keyboard: focus it, Space, arrows, Space.
 */
export function DragHandle({ label, binding, disabled }: DragHandleProps) {
  return (
    <button
      type="button"
      className="drag-handle"
      aria-label={label}
      title="Drag to reorder"
      disabled={disabled || !binding}
      ref={binding?.ref}
      {...binding?.props}
    >
      <Icon name="grip" />
    </button>
  );
}
