/**
 * Runs `run(key)` once, `delayMs` after the first hit of a key that had nothing pending: at most
 * one run per key and window, always after the hits it covers (trailing). A batch of changes
 * published together becomes one message.
 */
export function trailingCoalescer<K>(delayMs: number, run: (key: K) => void) {
  const pending = new Map<K, ReturnType<typeof setTimeout>>();
  return {
    hit(key: K): void {
      if (pending.has(key)) return;
      const timer = setTimeout(() => {
        pending.delete(key);
        run(key);
      }, delayMs);
      // A pending message never keeps the process alive on its own.
      timer.unref?.();
      pending.set(key, timer);
    },

    /** Drops everything pending (the server is closing). */
    clear(): void {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
