import { fill } from '#shared/fill-message.ts';
import { createResettable } from '#client/lib/store-reset.ts';

/**
 * idle: no session. connecting: first socket connection under way. live: socket connected.
 * reconnecting: socket down and no fresh data. polling: socket down, data kept fresh by polling.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'polling';

interface LiveState {
  status: LiveStatus;
  /** How often this screen polls while the socket is down (the label says it). */
  pollMs: number;
}

export const useLiveStore = createResettable<LiveState>(() => ({ status: 'idle', pollMs: 0 }));

/**
 * The connection's state in words that cannot be read as "the show is live": this is how the
 * screen hears of changes, not whether anyone is performing.
 */
export const LIVE_STATUS_LABELS: Record<LiveStatus, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  live: 'Connected',
  reconnecting: 'Reconnecting…',
  polling: 'Offline – checking every {seconds} s',
};

export function liveStatusLabel(status: LiveStatus, pollMs: number): string {
  const seconds = Math.max(1, Math.round(pollMs / 1000));
  return fill(LIVE_STATUS_LABELS[status], { seconds });
}
