import { Modal } from './Modal.tsx';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  open: boolean;
  onClose(): void;
  onConfirm(): void;
}

/** Asks before a destructive action: Cancel, or the danger button that does it (and closes). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  open,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} open={open} onClose={onClose}>
      <p>{message}</p>
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
