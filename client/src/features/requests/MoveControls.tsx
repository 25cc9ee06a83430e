import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SongRequest } from '#shared/schemas/request.ts';
import { Icon } from '#client/ui/icons.tsx';

interface MoveControlsProps {
  request: SongRequest;
  /** Where it stands in its column (0 = first) and how many the column holds. */
  index: number;
  count: number;
  disabled: boolean;
  /** Two icon buttons, or, where room is short (on stage; beside three moves), a "More" menu. */
  look: 'icons' | 'menu';
  onMove(to: 'top' | 'bottom'): void;
}

const TARGETS = ['top', 'bottom'] as const;

/** "Move to top" and "Move to bottom", for one hand (the column must hold two or more). */
export function MoveControls({ request, index, count, disabled, look, onMove }: MoveControlsProps) {
  if (count < 2) return null;
  if (look === 'icons') {
    return <MoveButtons {...{ request, index, count, disabled, onMove }} withText={false} />;
  }
  return (
    <RowMenu title={request.song_title}>
      {(close) => (
        <MoveButtons {...{ request, index, count, disabled, onMove }} withText after={close} />
      )}
    </RowMenu>
  );
}

type MoveButtonsProps = Omit<MoveControlsProps, 'look'> & {
  withText: boolean;
  /** Called after a move (closes the menu it sits in). */
  after?: (() => void) | undefined;
};

/** The two moves, as icons or as menu items with words; none while the column holds one. */
export function MoveButtons({
  request,
  index,
  count,
  disabled,
  onMove,
  withText,
  after,
}: MoveButtonsProps) {
  if (count < 2) return null;
  return TARGETS.map((to) => (
    <button
      key={to}
      type="button"
      className={withText ? 'move-menu-item' : 'queue-icon-button'}
      aria-label={`Move ${request.song_title} to the ${to}`}
      title={`Move to ${to}`}
      disabled={disabled || (to === 'top' ? index === 0 : index === count - 1)}
      onClick={() => {
        onMove(to);
        after?.();
      }}
    >
      <Icon name={to === 'top' ? 'toTop' : 'toBottom'} />
      {withText && <span>Move to {to}</span>}
    </button>
  ));
}

interface RowMenuProps {
  /** The song's title: the button reads "More for {title}". */
  title: string;
  /** The menu's items; each calls `close` once it has done its work. */
  children(close: () => void): ReactNode;
}

/** A "…" button with the row's less frequent moves behind it, one tap away. */
export function RowMenu({ title, children }: RowMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  // Closed by a tap anywhere else, or Escape.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="move-menu" ref={ref}>
      <button
        type="button"
        className="queue-icon-button"
        aria-label={`More for ${title}`}
        aria-expanded={open}
        title="More"
        onClick={() => setOpen((shown) => !shown)}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div className="move-menu-list" role="group" aria-label={`Moves for ${title}`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
