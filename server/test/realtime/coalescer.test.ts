import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trailingCoalescer } from '#server/realtime/coalescer.ts';

describe('trailingCoalescer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('turns a burst of hits into one run after the window, per key', () => {
    const runs: string[] = [];
    const coalescer = trailingCoalescer<string>(500, (key) => runs.push(key));

    for (let i = 0; i < 10; i++) coalescer.hit('band-a');
    coalescer.hit('band-b');
    vi.advanceTimersByTime(499);
    expect(runs).toEqual([]);

    vi.advanceTimersByTime(1);
    expect(runs.sort()).toEqual(['band-a', 'band-b']);
  });

  it('runs again for hits after a run: none is lost, at most one per window', () => {
    const runs: string[] = [];
    const coalescer = trailingCoalescer<string>(500, (key) => runs.push(key));

    coalescer.hit('band');
    vi.advanceTimersByTime(300);
    coalescer.hit('band');
    vi.advanceTimersByTime(200);
    expect(runs).toEqual(['band']);

    coalescer.hit('band');
    vi.advanceTimersByTime(499);
    expect(runs).toEqual(['band']);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['band', 'band']);
  });

  it('drops what is pending when cleared (the server is closing)', () => {
    const runs: string[] = [];
    const coalescer = trailingCoalescer<string>(500, (key) => runs.push(key));
    coalescer.hit('band');
    coalescer.clear();
    vi.advanceTimersByTime(10_000);
    expect(runs).toEqual([]);
  });
});
