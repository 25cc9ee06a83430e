/**
 * Tips carry no email and the tips table no device column, so a phone's tips are counted here,
 * in this process's memory, by its X-Device-Id (by its address when it sent none). With several
 * server processes each counts its own share: the per-musician count in the database and the
 * per-IP limit still hold across all of them.
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
    /** Seconds until each of the key's newest `max` tips leaves the window, newest first. */
    freesIn(key: string, windowMinutes: number, max: number): number[] {
      const windowMs = windowMinutes * 60_000;
      const recent = (times.get(key) ?? []).filter((time) => time > now() - windowMs);
      times.set(key, recent);
      return recent
        .slice(-max)
        .reverse()
        .map((time) => (time + windowMs - now()) / 1000);
    },

    record(key: string, windowMinutes: number): void {
      prune(windowMinutes * 60_000);
      times.set(key, [...(times.get(key) ?? []), now()]);
    },
  };
}

export type RecentTipsCounter = ReturnType<typeof recentTipsCounter>;
