import { describe, expect, it } from 'vitest';
import { creationClock } from '#server/db/creation-clock.ts';

describe('creationClock', () => {
  it('follows the clock, and moves a millisecond on when the clock has not', () => {
    let now = Date.UTC(2026, 10, 28, 21, 0, 0);
    const creationTime = creationClock(() => now);
    const first = creationTime();
    const second = creationTime();
    const third = creationTime();
    expect(first.getTime()).toBe(now);
    expect(second.getTime()).toBe(now + 1);
    expect(third.getTime()).toBe(now + 2);
    now += 60_000;
    expect(creationTime().getTime()).toBe(now);
  });
});
