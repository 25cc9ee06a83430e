import { liveStatusLabel, useLiveStore } from './live-store.ts';
import './live.css';

/** Connected / Reconnecting / Offline (polling): how this screen hears of changes right now. */
export function LiveIndicator() {
  const status = useLiveStore((s) => s.status);
  const pollMs = useLiveStore((s) => s.pollMs);
  return (
    <p
      className="live-indicator"
      title={liveStatusLabel(status, pollMs)}
      data-state={status}
      role="status"
      aria-label="Connection"
    >
      <span className="live-dot" aria-hidden="true" />
      <span className="live-label">{liveStatusLabel(status, pollMs)}</span>
    </p>
  );
}
