/**
 * The tips of senders without an X-Device-Id, counted in this process's memory by address (a
 * phone with an id is counted in the database: tips.device_id). The audience page always sends
 * an id, so only scripts and odd clients land here, and they stay in memory on purpose: storing
 * their address on the tip would keep a trace of the audience's IPs for as long as the tip is
 * kept, for nothing else. With several processes each counts its own share, as the per-IP rate
 * limit of audience writes does; the musician's flood guard (in the database) holds across all.
 */
export function recentTipsCounter(now: () => number = Date.now) {
  const times = new Map<string, number[]>();

  function prune(windowMs: number) {
    if (times.size < 10_000) return;
    for (const [key, list] of times) {
      if (list.every((time) => time <= now() - windowMs)) times.delete(key);
    }
  }

  return {
    /**
     * Seconds until the key may tip again under "at most `max` in `windowMinutes`" (when the
     * `max`-th newest leaves the window); null while under it. The database's windowWaitSql,
     * in memory.
     */
    wait(key: string, windowMinutes: number, max: number): number | null {
      const windowMs = windowMinutes * 60_000;
      const recent = (times.get(key) ?? []).filter((time) => time > now() - windowMs);
      times.set(key, recent);
      const oldestCounted = recent.at(-max);
      return recent.length < max || oldestCounted === undefined
        ? null
        : (oldestCounted + windowMs - now()) / 1000;
    },

    record(key: string, windowMinutes: number): void {
      prune(windowMinutes * 60_000);
      times.set(key, [...(times.get(key) ?? []), now()]);
    },
  };
}

export type RecentTipsCounter = ReturnType<typeof recentTipsCounter>;
