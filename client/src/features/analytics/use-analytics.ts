import { useCallback, useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { DailyAnalyticsResponse } from '#shared/schemas/analytics.ts';
import { analyticsApi } from './analytics-api.ts';

type Loaded =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: DailyAnalyticsResponse };

/**
 * GET /analytics/daily for `days` (null: all time), refetched when it changes or on `retry`.
 * Errors are logged (spec section 2) and the last answer stays on screen; with no answer yet
 * there is nothing to keep, so the tab says so and offers a retry instead of loading forever.
 */
export function useAnalytics(days: number | null, timeZone: string) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    analyticsApi.daily(days, timeZone).then(
      (data) => current && setLoaded({ status: 'ready', data }),
      (error: unknown) => {
        console.error(messages.analyticsLoadFailed, error);
        if (current) setLoaded((held) => (held.status === 'ready' ? held : { status: 'failed' }));
      },
    );
    return () => {
      current = false;
    };
  }, [days, timeZone, attempt]);

  const retry = useCallback(() => {
    setLoaded((held) => (held.status === 'failed' ? { status: 'loading' } : held));
    setAttempt((n) => n + 1);
  }, []);

  return { ...loaded, retry } as Loaded & { retry(): void };
}
