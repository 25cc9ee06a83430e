/**
 * How long a process may answer a crowd from one read: `maxAgeMs` for any phone (less than the
 * wait of the push that makes the phones refetch, so a phone refetching on a push is answered
 * from a read made after the change, even on a process that never heard of the change), and
 * `versionedMaxAgeMs` for the phones naming the push's version (PUSH_VERSION_HEADER): a read for
 * that version began after the push left, so after the change, and may serve its whole crowd
 * however long the crowd takes to ask.
 */
export interface CrowdCacheAges {
  maxAgeMs: number;
  versionedMaxAgeMs: number;
}

/** Keys kept at once; past it the oldest go. */
const MAX_KEYS = 1000;

interface Read<T> {
  /** When the read began: the age counts from there, not from when it came back. */
  at: number;
  /** The push's version it was read for, if a phone named one. */
  version?: string;
  /** Whose answer it is, once it came back: a change of theirs drops it (forget). */
  musicianId?: string;
  value: Promise<T>;
}

/** A key's reads: the latest (any phone's), and the latest made for a push's version. */
interface Slot<T> {
  latest?: Read<T>;
  versioned?: Read<T>;
}

/**
 * One read for a crowd (issue 24 §3): thousands of phones ask for the same public answer within a
 * second of a push. A read serves every phone of this process that asks while it is fresh (those
 * asking while it runs wait for it); a failed read is not kept, its waiters get its error.
 */
export function crowdCache<T>(
  { maxAgeMs, versionedMaxAgeMs }: CrowdCacheAges,
  clock: () => number = () => performance.now(),
) {
  const slots = new Map<string, Slot<T>>();
  const young = (read: Read<T> | undefined, now: number) =>
    read !== undefined && now - read.at < maxAgeMs;
  const ofVersion = (read: Read<T> | undefined, now: number, version: string | undefined) =>
    read !== undefined &&
    version !== undefined &&
    read.version === version &&
    now - read.at < versionedMaxAgeMs;

  function prune(now: number) {
    for (const [key, slot] of slots) {
      if (!young(slot.latest, now) && !ofVersion(slot.versioned, now, slot.versioned?.version)) {
        slots.delete(key);
      }
    }
    // Insertion order is age order: the oldest go first.
    for (const key of slots.keys()) {
      if (slots.size <= MAX_KEYS) break;
      slots.delete(key);
    }
  }

  return {
    /**
     * The answer under `key`, read by `load` unless a read of it began less than `maxAgeMs` ago,
     * or was made for the push `version` the phone names less than `versionedMaxAgeMs` ago.
     */
    answer(
      key: string,
      load: () => Promise<{ musicianId?: string; value: T }>,
      version?: string,
    ): Promise<T> {
      const now = clock();
      const slot = slots.get(key) ?? {};
      if (ofVersion(slot.versioned, now, version)) return slot.versioned!.value;
      if (young(slot.latest, now)) return slot.latest!.value;

      const read: Read<T> = { at: now, version, value: Promise.resolve(undefined as T) };
      read.value = load().then(({ musicianId, value }) => {
        read.musicianId = musicianId;
        return value;
      });
      read.value.catch(() => {
        if (slot.latest === read) slot.latest = undefined;
        if (slot.versioned === read) slot.versioned = undefined;
      });
      slot.latest = read;
      if (version !== undefined) slot.versioned = read;
      slots.delete(key);
      slots.set(key, slot);
      if (slots.size > MAX_KEYS) prune(now);
      return read.value;
    },

    /**
     * The musician's data changed (published in this process): their answers are read again. A
     * read still running may have begun before the change, so it goes too.
     */
    forget(musicianId: string): void {
      const theirs = (read: Read<T> | undefined) =>
        read !== undefined && (read.musicianId === musicianId || read.musicianId === undefined);
      for (const [key, slot] of slots) {
        if (theirs(slot.latest) || theirs(slot.versioned)) slots.delete(key);
      }
    },

    /** Every answer is read again. */
    clear(): void {
      slots.clear();
    },
  };
}
