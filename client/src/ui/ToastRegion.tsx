import type { Toast } from '#client/lib/use-toast.ts';

interface ToastRegionProps {
  toast: Toast | null;
}

/** Always in the page, so screen readers announce each toast as it appears. */
export function ToastRegion({ toast }: ToastRegionProps) {
  return (
    <div className="toast-region" aria-live="polite" aria-atomic="true">
      {toast && (
        <p key={toast.id} className={`toast toast-${toast.tone}`} role="status">
          {toast.text}
        </p>
      )}
    </div>
  );
}
