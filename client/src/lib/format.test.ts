import { describe, expect, it } from 'vitest';
import { formatRelativeTime, formatRequestTime, songCount } from './format.ts';

describe('formatRequestTime', () => {
  it('formats dates en-US, with the spec fallbacks', () => {
    expect(formatRequestTime('2025-05-01T20:05:00.000Z')).toMatch(/^May 1, \d{1,2}:05 (AM|PM)$/);
    expect(formatRequestTime(null)).toBe('Unknown time');
    expect(formatRequestTime('not a date')).toBe('Invalid date');
  });
});

describe('songCount', () => {
  it('says song or songs', () => {
    expect(songCount(1)).toBe('1 song');
    expect(songCount(1200)).toBe('1,200 songs');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-05-01T20:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says minutes, then hours, then the date', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(3 * 60_000 + 10_000), now)).toBe('3 min ago');
    expect(formatRelativeTime(ago(2 * 3_600_000), now)).toBe('2 hr ago');
    expect(formatRelativeTime(ago(30 * 3_600_000), now)).toBe(
      formatRequestTime(ago(30 * 3_600_000)),
    );
  });

  it('keeps the spec fallbacks', () => {
    expect(formatRelativeTime(undefined, now)).toBe('Unknown time');
    expect(formatRelativeTime('not a date', now)).toBe('Invalid date');
  });
});
