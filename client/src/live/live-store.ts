import { createResettable } from '#client/lib/store-reset.ts';

/**
 * idle: no session. connecting: first socket connection under way. live: socket connected.
 * reconnecting: socket down and no fresh data. polling: socket down, data kept fresh by polling.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'polling';

interface LiveState {
  status: LiveStatus;
}

export const useLiveStore = createResettable<LiveState>(() => ({ status: 'idle' }));

export const LIVE_STATUS_LABELS: Record<LiveStatus, string> = {
  idle: 'Offline',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  polling: 'Polling',
};
