import { describe, expect, it } from 'vitest';
import { rowOffsets, visibleRange } from './window-rows.ts';

describe('the rows near the screen', () => {
  const offsets = rowOffsets(5, (index) => (index === 2 ? 300 : 100)); // 0 100 200 500 600 700

  it('stack the measured heights', () => {
    expect([...offsets]).toEqual([0, 100, 200, 500, 600, 700]);
  });

  it('are the rows overlapping the stretch asked', () => {
    expect(visibleRange(offsets, 0, 150)).toEqual([0, 2]);
    expect(visibleRange(offsets, 250, 450)).toEqual([2, 3]);
    expect(visibleRange(offsets, 199, 201)).toEqual([1, 3]);
    expect(visibleRange(offsets, -900, 50)).toEqual([0, 1]);
    expect(visibleRange(offsets, 650, 2000)).toEqual([4, 5]);
  });

  it('are none past the end or for an empty list', () => {
    expect(visibleRange(offsets, 800, 900)).toEqual([5, 5]);
    expect(
      visibleRange(
        rowOffsets(0, () => 100),
        0,
        1000,
      ),
    ).toEqual([0, 0]);
  });

  it('of 2,000 rows: a screenful, found by halving', () => {
    const many = rowOffsets(2000, () => 190);
    expect(visibleRange(many, 190 * 1000, 190 * 1000 + 844)).toEqual([1000, 1005]);
  });
});
