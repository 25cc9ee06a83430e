import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
  /** Extra classes for the dialog (the audience page makes it a bottom sheet on phones). */
  className?: string;
}

/**
 * A native modal <dialog>: the browser makes the rest of the page inert (focus stays inside),
 * closes it on Escape and gives focus back to the button that opened it.
 */
export function Modal({ title, open, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onClose={(event) => {
        // React passes a nested dialog's close event up the component tree: ignore it.
        if (event.target === event.currentTarget) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-body">
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {open && children}
      </div>
    </dialog>
  );
}
