import { describe, expect, it } from 'vitest';
import { coalescedRefetch } from './coalesced-refetch.ts';

describe('coalescedRefetch', () => {
  it('runs one fetch for a burst, then one more for what came during it', async () => {
    const releases: (() => void)[] = [];
    let started = 0;
    const refetch = coalescedRefetch(
      () =>
        new Promise<void>((resolve) => {
          started += 1;
          releases.push(resolve);
        }),
    );
    void refetch();
    void refetch();
    void refetch();
    expect(started).toBe(1);
    releases[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toBe(2);
    releases[1]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toBe(2);
  });

  it('keeps working after a failed fetch', async () => {
    let calls = 0;
    const refetch = coalescedRefetch(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
    });
    await refetch();
    await refetch();
    expect(calls).toBe(2);
  });
});
