import { describe, expect, it } from 'vitest';
import { oneAtATime } from './use-busy.ts';

/** A piece of work that ends when the test says so. */
function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('one action at a time (useBusy)', () => {
  it('starts twenty taps once, and only the first tap hears the answer', async () => {
    const states: boolean[] = [];
    const run = oneAtATime((busy) => states.push(busy));
    const answer = gate<string>();
    let started = 0;
    const taps = Array.from({ length: 20 }, () =>
      run(() => {
        started += 1;
        return answer.promise;
      }),
    );
    expect(started).toBe(1);
    answer.open('saved');
    await expect(taps[0]).resolves.toBe('saved');
    expect(await settled(taps[19]!)).toBe(false);
    expect(states).toEqual([true, false]);
  });

  it('calls the work in the tap itself, before any wait', () => {
    const run = oneAtATime(() => {});
    let calledInTurn = false;
    void run(async () => {
      calledInTurn = true;
    });
    expect(calledInTurn).toBe(true);
  });

  it('is free again after a failure, and the failure reaches the caller', async () => {
    const states: boolean[] = [];
    const run = oneAtATime((busy) => states.push(busy));
    const first = gate<never>();
    const failed = run(() => first.promise);
    first.fail(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    await expect(run(async () => 'again')).resolves.toBe('again');
    expect(states).toEqual([true, false, true, false]);
  });
});
