import { describe, expect, it } from 'vitest';
import { tabAfterKey, tabFromQuery } from './dashboard-tabs.ts';

describe('tabFromQuery', () => {
  it('reads a known tab and falls back to On Stage', () => {
    expect(tabFromQuery('profile')).toBe('profile');
    expect(tabFromQuery(null)).toBe('on-stage');
    expect(tabFromQuery('billing')).toBe('on-stage');
  });
});

describe('tabAfterKey', () => {
  it('moves with the arrow keys and wraps around', () => {
    expect(tabAfterKey('on-stage', 'ArrowRight')).toBe('songs');
    expect(tabAfterKey('on-stage', 'ArrowLeft')).toBe('design');
    expect(tabAfterKey('design', 'ArrowRight')).toBe('on-stage');
  });

  it('jumps to the ends with Home and End, ignores other keys', () => {
    expect(tabAfterKey('requests', 'Home')).toBe('on-stage');
    expect(tabAfterKey('requests', 'End')).toBe('design');
    expect(tabAfterKey('requests', 'Enter')).toBeNull();
  });
});
