import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { DailyAnalyticsResponse } from '#shared/schemas/analytics.ts';
import { analyticsApi } from './analytics-api.ts';

type Loaded = { status: 'loading' } | { status: 'ready'; data: DailyAnalyticsResponse };

/**
 * GET /analytics/daily for `days` (null: all time), refetched when it changes. Errors are only
 * logged (spec section 2): the last answer stays on screen.
 */
export function useAnalytics(days: number | null, timeZone: string): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    analyticsApi.daily(days, timeZone).then(
      (data) => current && setLoaded({ status: 'ready', data }),
      (error: unknown) => console.error(messages.analyticsLoadFailed, error),
    );
    return () => {
      current = false;
    };
  }, [days, timeZone]);

  return loaded;
}
