import { describe, expect, it } from 'vitest';
import { formatRequestTime, songCount } from './format.ts';

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
