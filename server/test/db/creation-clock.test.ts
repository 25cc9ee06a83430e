import { describe, expect, it } from 'vitest';
import { creationTime } from '#server/db/creation-clock.ts';

describe('creationTime', () => {
  it('follows the clock, and moves a millisecond on when the clock has not', () => {
    const at = Date.UTC(2026, 10, 28, 21, 0, 0);
    const first = creationTime(at);
    const second = creationTime(at);
    const third = creationTime(at);
    expect(first.getTime()).toBeGreaterThanOrEqual(at);
    expect(second.getTime()).toBe(first.getTime() + 1);
    expect(third.getTime()).toBe(first.getTime() + 2);
    expect(creationTime(at + 60_000).getTime()).toBe(at + 60_000);
  });
});
