import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller } from './poller.ts';

describe('createPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls at once, then every interval after each answer', async () => {
    const tick = vi.fn(() => Promise.resolve());
    const poller = createPoller(tick, 3000);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(9000);
    expect(tick).toHaveBeenCalledTimes(5);
    poller.stop();
  });

  it('stops the moment it is told to, even with a tick in flight', async () => {
    let finish: () => void = () => {};
    const tick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const poller = createPoller(tick, 5000);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.stop();
    finish();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tick).toHaveBeenCalledTimes(1);
    expect(poller.running).toBe(false);
  });

  it('keeps polling after a failed tick, and a restart does not double the schedule', async () => {
    const tick = vi.fn(() => Promise.reject(new Error('offline')));
    const poller = createPoller(tick, 1000);
    poller.start();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(tick).toHaveBeenCalledTimes(2);
    poller.stop();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(3);
    poller.stop();
  });
});
