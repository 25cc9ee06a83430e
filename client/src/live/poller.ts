/** Timer functions, injectable so the scheduling can be tested without waiting. */
interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Poller {
  start(): void;
  stop(): void;
  readonly running: boolean;
}

/**
 * Runs `tick` at once, then `intervalMs` after each tick settles (never two at a time), until
 * stopped. A tick still in flight when stopped finishes, but schedules nothing more.
 */
export function createPoller(
  tick: () => Promise<void>,
  intervalMs: number,
  timers: Timers = realTimers,
): Poller {
  let running = false;
  let generation = 0;
  let handle: unknown = null;

  function schedule(run: number, delay: number) {
    handle = timers.setTimeout(() => {
      handle = null;
      void tick()
        .catch(() => {})
        .finally(() => {
          if (running && run === generation) schedule(run, intervalMs);
        });
    }, delay);
  }

  return {
    start() {
      if (running) return;
      running = true;
      generation += 1;
      schedule(generation, 0);
    },
    stop() {
      running = false;
      generation += 1;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
    get running() {
      return running;
    },
  };
}
