import { useState } from 'react';
import { Modal } from './Modal.tsx';

interface ConfirmButtonProps {
  /** The button's visible text. */
  label: string;
  /** A fuller name for screen readers and tests when several buttons share the label. */
  accessibleName?: string;
  title: string;
  message: string;
  confirmLabel: string;
  className?: string;
  disabled?: boolean;
  onConfirm(): void;
}

/** A destructive action: nothing happens until the musician confirms in a dialog. */
export function ConfirmButton({
  label,
  accessibleName,
  title,
  message,
  confirmLabel,
  className = 'button button-ghost button-small',
  disabled,
  onConfirm,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={accessibleName}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <Modal title={title} open={open} onClose={() => setOpen(false)}>
        <p>{message}</p>
        <div className="modal-actions">
          <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </Modal>
    </>
  );
}
