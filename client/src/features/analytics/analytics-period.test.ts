import { beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_PERIOD_STORAGE_KEY } from '#shared/schemas/analytics.ts';
import { daysQuery, readStoredPeriod, storePeriod } from './analytics-period.ts';

/** A Storage in memory, as the browser's localStorage would be for one tab. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

let localStorage = memoryStorage();

describe('analytics period', () => {
  beforeEach(() => {
    localStorage = memoryStorage();
  });

  it('defaults to all time', () => {
    expect(readStoredPeriod(localStorage)).toBe('alltime');
  });

  it('keeps the chosen period in analytics_period', () => {
    storePeriod(localStorage, 'last3months');
    expect(localStorage.getItem(ANALYTICS_PERIOD_STORAGE_KEY)).toBe('last3months');
    expect(readStoredPeriod(localStorage)).toBe('last3months');
  });

  it.each(['last7days', 'last30days'] as const)(
    'keeps %s when this build stored it, after the tab is opened again',
    (period) => {
      storePeriod(localStorage, period);
      expect(readStoredPeriod(localStorage)).toBe(period);
      expect(readStoredPeriod(localStorage)).toBe(period);
    },
  );

  it.each(['last7days', 'last30days'])('resets an old stored %s to all time', (old) => {
    localStorage.setItem(ANALYTICS_PERIOD_STORAGE_KEY, old);
    expect(readStoredPeriod(localStorage)).toBe('alltime');
    expect(localStorage.getItem(ANALYTICS_PERIOD_STORAGE_KEY)).toBe('alltime');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem(ANALYTICS_PERIOD_STORAGE_KEY, 'forever');
    expect(readStoredPeriod(localStorage)).toBe('alltime');
  });

  it('asks for days only when the period has them', () => {
    expect(daysQuery(null, 'Europe/Paris')).toBe('?tz=Europe%2FParis');
    expect(daysQuery(30, 'UTC')).toBe('?tz=UTC&days=30');
  });
});
