/**
 * Wraps a refetch so bursts of "something changed" events cost at most two fetches: one now and,
 * if more events come while it runs, one more after it (whose answer is then the newest). Two
 * fetches never run at once, so an older answer can never land after a newer one.
 */
export function coalescedRefetch(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;

  const start = (): Promise<void> => {
    running = run()
      .catch(() => {
        // The next change or resync tries again; a failed refetch keeps what is shown.
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void start();
        }
      });
    return running;
  };

  return () => {
    if (running) {
      again = true;
      return running;
    }
    return start();
  };
}
