import { useEffect } from 'react';
import { startLive } from './live-connection.ts';

interface LiveSessionOptions {
  /** The signed-in session; nothing runs without one. */
  token: string | null;
  musicianId: string | undefined;
  /** Polling interval while the socket is down. */
  pollMs: number;
}

/** Keeps the signed-in musician's live data current while the calling screen is shown. */
export function useLiveSession({ token, musicianId, pollMs }: LiveSessionOptions): void {
  useEffect(() => {
    if (!token || !musicianId) return;
    return startLive({ token, musicianId, pollMs });
  }, [token, musicianId, pollMs]);
}
