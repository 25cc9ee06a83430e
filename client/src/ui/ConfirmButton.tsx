import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

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
      <ConfirmDialog
        title={title}
        message={message}
        confirmLabel={confirmLabel}
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}
