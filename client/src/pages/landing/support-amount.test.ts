import { describe, expect, it } from 'vitest';
import { formatDollars, parseSupportAmount } from './support-amount.ts';

describe('parseSupportAmount', () => {
  it('accepts whole and cent amounts', () => {
    expect(parseSupportAmount('30')).toBe(30);
    expect(parseSupportAmount(' 12.50 ')).toBe(12.5);
  });

  it('refuses empty, zero, negative and malformed amounts', () => {
    for (const input of ['', '0', '0.00', '-5', 'abc', '1e3', '4.999']) {
      expect(parseSupportAmount(input)).toBeNull();
    }
  });
});

describe('formatDollars', () => {
  it('shows cents only when there are some', () => {
    expect(formatDollars(24)).toBe('$24');
    expect(formatDollars(12.5)).toBe('$12.50');
  });
});
