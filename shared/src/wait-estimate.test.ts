import { describe, expect, it } from 'vitest';
import { lengthOf, pacedSeconds, paceOf, waitMinutes } from './wait-estimate.ts';

// The rule both sides read: the server's eta_minutes and the stage's queue by the clock.

describe('the pace', () => {
  const at = (minutes: number, durationSeconds: number | null = 240) => ({
    playedAt: new Date(Date.UTC(2026, 10, 28, 21, minutes)),
    durationSeconds,
  });

  it('takes the median, so one set break does not stretch every estimate', () => {
    // Gaps of 5, 5, 5 and a 40-minute break after 4-minute songs: 5/4.
    expect(paceOf([at(0), at(5), at(10), at(15), at(55)])).toBe(1.25);
    expect(waitMinutes([240, 240], [at(0), at(5), at(10), at(15), at(55)])).toBe(10);
  });

  it('stays within bounds when songs are marked played all at once', () => {
    expect(paceOf([at(0), at(0), at(0), at(0)])).toBe(0.5);
    expect(paceOf([at(0), at(5)])).toBe(1);
  });

  it('counts an unknown length 4 minutes, and paces seconds before the minutes are rounded', () => {
    expect([lengthOf(null), lengthOf(undefined), lengthOf(0), lengthOf(185)]).toEqual([
      240, 240, 240, 185,
    ]);
    expect(pacedSeconds([185, null], 2)).toBe(850);
    expect(waitMinutes([185], [])).toBe(4);
  });
});
