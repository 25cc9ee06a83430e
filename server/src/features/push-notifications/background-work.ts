/**
 * Work done after the answer, off the request's path: each task runs on a later turn of the
 * event loop (or after a delay), its failure is logged and goes no further, and the server's
 * close stops what has not started and aborts what is in flight.
 */
interface Waiting {
  timer: NodeJS.Timeout;
  /** Lets the task go (its time came, or the server closes and it will see the abort). */
  start: () => void;
}

export function backgroundWork(onError: (error: unknown) => void) {
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  const waiting = new Set<Waiting>();

  return {
    /** Aborted on close: hand it to whatever the tasks wait on. */
    signal: controller.signal,

    run(task: () => Promise<void>, afterMs = 0): void {
      if (controller.signal.aborted) return;
      const started = new Promise<void>((resolve) => {
        const entry: Waiting = {
          start: () => {
            waiting.delete(entry);
            resolve();
          },
          timer: setTimeout(() => entry.start(), afterMs),
        };
        entry.timer.unref();
        waiting.add(entry);
      });
      const done = started
        .then(() => (controller.signal.aborted ? undefined : task()))
        .catch(onError)
        .finally(() => running.delete(done));
      running.add(done);
    },

    /** Resolves once every task handed in so far (and any they hand in) has finished. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },

    /** No task starts any more; those in flight see their signal aborted. */
    close(): void {
      controller.abort();
      for (const entry of [...waiting]) {
        clearTimeout(entry.timer);
        entry.start();
      }
    },
  };
}

export type BackgroundWork = ReturnType<typeof backgroundWork>;
