const MINUTE_MS = 60_000;
/** Sweep the counters once they hold this many keys: a flood of addresses cannot grow them. */
const SWEEP_AT = 50_000;

/**
 * How hard this process sees an address and a musician written to: the audience writes of the
 * last minute (a fixed window), counted in memory as they arrive, refused ones too (a script's
 * refused flood is pressure all the same). Each process counts what reaches it: a signal for the
 * challenge's difficulty, not a limit (the limits are counted in the database).
 */
export function proofPressure(quiet: { perAddress: number; perMusician: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function bump(key: string, now: number): number {
    if (windows.size > SWEEP_AT) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + MINUTE_MS };
      windows.set(key, window);
    }
    return ++window.count;
  }

  return {
    /**
     * Counts one write from `address` to `musicianId`; how many times past quiet the busier of
     * the two is (1 or less: quiet).
     */
    hit(musicianId: string, address: string, now: number): number {
      const fromAddress = bump(`a\0${address}`, now) / quiet.perAddress;
      const toMusician = bump(`m\0${musicianId}`, now) / quiet.perMusician;
      return Math.max(fromAddress, toMusician);
    },
  };
}

export type ProofPressure = ReturnType<typeof proofPressure>;
