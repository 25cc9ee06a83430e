import {
  ANALYTICS_PERIOD_CURRENT_KEY,
  ANALYTICS_PERIOD_STORAGE_KEY,
  ANALYTICS_PERIODS,
  ANALYTICS_PERIODS_RESET,
  DEFAULT_ANALYTICS_PERIOD,
  type AnalyticsPeriod,
} from '#shared/schemas/analytics.ts';

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  today: 'Today',
  last7days: 'Last 7 days',
  last30days: 'Last 30 days',
  last3months: 'Last 3 months',
  lastyear: 'Last year',
  alltime: 'All time',
};

/** The part of localStorage this needs (tests pass one in memory). */
type PeriodStorage = Pick<Storage, 'getItem' | 'setItem'>;

const isPeriod = (value: string): value is AnalyticsPeriod => value in ANALYTICS_PERIODS;

/**
 * The stored period (spec section 9): all time by default; the values an older build stored
 * (last7days, last30days, without this build's marker) reset to all time once, and the reset is
 * written back.
 */
export function readStoredPeriod(storage: PeriodStorage): AnalyticsPeriod {
  const stored = storage.getItem(ANALYTICS_PERIOD_STORAGE_KEY);
  const current = storage.getItem(ANALYTICS_PERIOD_CURRENT_KEY) !== null;
  if (stored !== null && !current && ANALYTICS_PERIODS_RESET.includes(stored)) {
    storePeriod(storage, DEFAULT_ANALYTICS_PERIOD);
    return DEFAULT_ANALYTICS_PERIOD;
  }
  return stored !== null && isPeriod(stored) ? stored : DEFAULT_ANALYTICS_PERIOD;
}

export function storePeriod(storage: PeriodStorage, period: AnalyticsPeriod): void {
  storage.setItem(ANALYTICS_PERIOD_STORAGE_KEY, period);
  storage.setItem(ANALYTICS_PERIOD_CURRENT_KEY, '1');
}

/** ?days= for the period (none for all time). */
export function daysQuery(days: number | null, timeZone: string): string {
  const params = new URLSearchParams({ tz: timeZone });
  if (days !== null) params.set('days', String(days));
  return `?${params.toString()}`;
}
