import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const MANAGE_ITEMS = [
  { id: 'add', label: 'Add New Song' },
  { id: 'playlist-import', label: 'Import Playlist' },
  { id: 'csv', label: 'Upload CSV' },
  { id: 'lst', label: 'Upload LST' },
  { id: 'autofill', label: 'Auto-fill All' },
  { id: 'export', label: 'Export CSV' },
] as const;
export type ManageItem = (typeof MANAGE_ITEMS)[number]['id'];

interface ManageSongsMenuProps {
  onChoose(item: ManageItem): void;
}

/** The Manage Songs dropdown: a menu button; arrows move, Escape closes. */
export function ManageSongsMenu({ onChoose }: ManageSongsMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.current.findIndex((item) => item === document.activeElement);
    const count = MANAGE_ITEMS.length;
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % count,
      ArrowUp: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key in moves) {
      event.preventDefault();
      items.current[moves[event.key]!]?.focus();
    }
  }

  return (
    <div className="menu" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="button button-primary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((held) => !held)}
      >
        Manage Songs ▾
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Manage Songs" className="menu-list">
          {MANAGE_ITEMS.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onClick={() => {
                setOpen(false);
                onChoose(item.id);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
