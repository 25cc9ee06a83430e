import { create } from 'zustand';

/**
 * idle: no session. connecting: first socket connection under way. live: socket connected.
 * reconnecting: socket down and no fresh data. polling: socket down, data kept fresh by polling.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'polling';

export interface LiveState {
  status: LiveStatus;
  /** Whose data the live stores hold. */
  musicianId: string | null;
  /** The first load failed and nothing has loaded since (On Stage shows demo data then). */
  loadError: unknown;
  loaded: boolean;
  reset(): void;
}

export const useLiveStore = create<LiveState>()((set) => ({
  status: 'idle',
  musicianId: null,
  loadError: null,
  loaded: false,
  reset() {
    set({ status: 'idle', musicianId: null, loadError: null, loaded: false });
  },
}));

export const LIVE_STATUS_LABELS: Record<LiveStatus, string> = {
  idle: 'Offline',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  polling: 'Polling',
};
