import { describe, expect, it } from 'vitest';
import { creationTime } from '#server/db/creation-clock.ts';

describe('creationTime', () => {
  it('follows the clock, and moves a millisecond on when the clock has not', () => {
    // Ahead of any time another test of this worker took from the shared clock.
    const at = Date.now() + 10 * 86_400_000;
    const first = creationTime(at);
    const second = creationTime(at);
    const third = creationTime(at);
    expect(first.getTime()).toBe(at);
    expect(second.getTime()).toBe(first.getTime() + 1);
    expect(third.getTime()).toBe(first.getTime() + 2);
    expect(creationTime(at + 60_000).getTime()).toBe(at + 60_000);
  });
});
