import { useEffect } from 'react';
import { useAuthStore } from '#client/features/auth/auth-store.ts';
import { startLive } from './live-connection.ts';

/** Keeps the signed-in musician's live data current while the calling screen is shown. */
export function useLiveSession(pollMs: number, enabled = true): void {
  const token = useAuthStore((s) => s.token);
  const musicianId = useAuthStore((s) => s.musician?.id);

  useEffect(() => {
    if (!enabled || !token || !musicianId) return;
    return startLive({ token, musicianId, pollMs });
  }, [enabled, token, musicianId, pollMs]);
}
