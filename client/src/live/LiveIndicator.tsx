import { LIVE_STATUS_LABELS, useLiveStore } from './live-store.ts';
import './live.css';

/** Live / Reconnecting / Polling: how this screen is kept up to date right now. */
export function LiveIndicator() {
  const status = useLiveStore((s) => s.status);
  return (
    <p className="live-indicator" data-state={status} role="status" aria-label="Connection">
      <span className="live-dot" aria-hidden="true" />
      {LIVE_STATUS_LABELS[status]}
    </p>
  );
}
