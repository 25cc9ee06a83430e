/**
 * Submissions that must land exactly once over bad venue wifi. Each gets its Idempotency-Key
 * when the person presses the button and waits in storage until the server acknowledges it: a
 * 2xx, or a 4xx, which is final (the person must change something). A network error or a 5xx
 * is retried with backoff (1 s, 2 s, 4 s ... at most 30 s), at once when the browser comes back
 * online or to the foreground, and by the next page load if this one is closed first.
 */

export interface OutboxEntry {
  /** The Idempotency-Key: the server files a retried submission once. */
  key: string;
  kind: string;
  path: string;
  body: unknown;
  /** What the page needs to know when the answer comes, perhaps after a reload. */
  meta: unknown;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
}

export type OutboxOutcome =
  { ok: true; response: unknown } | { ok: false; status: number; error: unknown };

export type OutboxListener = (entry: OutboxEntry, outcome: OutboxOutcome) => void;

interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OutboxOptions {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  storageKey: string;
  /** Sends one entry with its key; resolves with the answer, throws an error with a `status`. */
  send(entry: OutboxEntry): Promise<unknown>;
  now?: () => number;
  timers?: Timers;
  newKey?: () => string;
  /** An entry older than this is dropped unsent (a request from last night's gig). */
  maxAgeMs?: number;
}

export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

/** 1 s after the first failure, doubling, never above 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

/** No answer (status 0 or none) or a server fault: worth trying again. */
function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

const retryable = (status: number) => status === 0 || status >= 500;

const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createOutbox(options: OutboxOptions) {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  const maxAgeMs = options.maxAgeMs ?? 24 * 60 * 60 * 1000;

  const entries = new Map<string, OutboxEntry>(load().map((entry) => [entry.key, entry]));
  const inFlight = new Set<string>();
  const waiters = new Map<string, ((outcome: OutboxOutcome) => void)[]>();
  const listeners = new Set<OutboxListener>();
  const changeListeners = new Set<() => void>();
  let timer: unknown = null;

  function load(): OutboxEntry[] {
    try {
      const stored: unknown = JSON.parse(options.storage.getItem(options.storageKey) ?? '[]');
      if (!Array.isArray(stored)) return [];
      return (stored as OutboxEntry[]).filter(
        (entry) => typeof entry?.key === 'string' && now() - entry.createdAt < maxAgeMs,
      );
    } catch {
      return [];
    }
  }

  function save() {
    try {
      options.storage.setItem(options.storageKey, JSON.stringify([...entries.values()]));
    } catch {
      // Storage full or refused (private mode): the entry still lives while the page does.
    }
    for (const listener of changeListeners) listener();
  }

  function settle(entry: OutboxEntry, outcome: OutboxOutcome) {
    entries.delete(entry.key);
    save();
    for (const listener of listeners) listener(entry, outcome);
    for (const resolve of waiters.get(entry.key) ?? []) resolve(outcome);
    waiters.delete(entry.key);
  }

  async function attempt(entry: OutboxEntry) {
    if (inFlight.has(entry.key)) return;
    inFlight.add(entry.key);
    try {
      const response = await options.send(entry);
      settle(entry, { ok: true, response });
    } catch (error) {
      const status = statusOf(error);
      if (!retryable(status)) {
        settle(entry, { ok: false, status, error });
      } else if (entries.has(entry.key)) {
        entry.attempts += 1;
        entry.nextAttemptAt = now() + retryDelay(entry.attempts);
        save();
      }
    } finally {
      inFlight.delete(entry.key);
      schedule();
    }
  }

  /** One timer, for the entry due first. */
  function schedule() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const waiting = [...entries.values()].filter((entry) => !inFlight.has(entry.key));
    if (waiting.length === 0) return;
    const due = Math.min(...waiting.map((entry) => entry.nextAttemptAt));
    timer = timers.setTimeout(
      () => {
        timer = null;
        sendDue();
      },
      Math.max(0, due - now()),
    );
  }

  function sendDue() {
    const time = now();
    for (const entry of entries.values()) {
      if (entry.nextAttemptAt <= time) void attempt(entry);
    }
    schedule();
  }

  const sameSubmission = (entry: OutboxEntry, kind: string, path: string, body: string) =>
    entry.kind === kind && entry.path === path && JSON.stringify(entry.body) === body;

  return {
    /**
     * Queues a submission and sends it now. The same submission still waiting (a double tap,
     * a second press while offline) is not queued twice: its answer is shared.
     */
    submit(kind: string, path: string, body: unknown, meta: unknown = null) {
      const json = JSON.stringify(body);
      let entry = [...entries.values()].find((e) => sameSubmission(e, kind, path, json));
      if (!entry) {
        const time = now();
        entry = {
          key: newKey(),
          kind,
          path,
          body,
          meta,
          attempts: 0,
          nextAttemptAt: time,
          createdAt: time,
        };
        entries.set(entry.key, entry);
        save();
      }
      const outcome = new Promise<OutboxOutcome>((resolve) => {
        waiters.set(entry.key, [...(waiters.get(entry.key) ?? []), resolve]);
      });
      void attempt(entry);
      return outcome;
    },

    /** Try everything now (the browser is back online or in the foreground). */
    flush() {
      const time = now();
      for (const entry of entries.values()) entry.nextAttemptAt = time;
      sendDue();
    },

    /** Entries not yet acknowledged, oldest first. */
    pending(kind?: string): OutboxEntry[] {
      return [...entries.values()]
        .filter((entry) => kind === undefined || entry.kind === kind)
        .sort((a, b) => a.createdAt - b.createdAt);
    },

    /** Every settled entry, including ones queued before a reload. */
    onSettled(listener: OutboxListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The list of pending entries changed. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    /** Sends what an earlier page left behind, then waits for the next due retry. */
    resume() {
      sendDue();
    },

    stop() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
