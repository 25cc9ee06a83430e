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
  const buttons = (withText: boolean, after?: () => void) =>
    TARGETS.map((to) => (
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
  if (look === 'icons') return <>{buttons(false)}</>;
  return <MoveMenu title={request.song_title} items={(close) => buttons(true, close)} />;
}

function MoveMenu({ title, items }: { title: string; items(close: () => void): ReactNode }) {
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
        <div className="move-menu-list" role="group" aria-label={`Move ${title}`}>
          {items(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
