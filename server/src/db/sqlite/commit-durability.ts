/**
 * When a commit is on the disk, so that no transaction is acknowledged (its promise resolved)
 * before it is. Two ways, chosen when the database opens (open-sqlite.ts):
 *
 * - `synchronous`: SQLite fsyncs the WAL inside COMMIT (`synchronous = FULL`). Simple, but the
 *   fsync runs on the event loop's thread, stalling every socket for its length.
 * - `group`: COMMIT only writes the WAL (`synchronous = NORMAL`, under which SQLite still fsyncs
 *   the WAL before each checkpoint and the database file after it, so the file stays consistent
 *   on a power cut); this module then fsyncs the WAL file on libuv's thread pool and resolves the
 *   commits that returned before that fsync began. Commits made while one fsync runs share the
 *   next: one fsync for however many arrived, and none on the event loop.
 */
import { closeSync, fsync, openSync } from 'node:fs';

export interface CommitDurability {
  /** A write just committed: resolves when it is on the disk (undefined: it already is). */
  committed(): Promise<void> | undefined;
  /**
   * Everything committed so far on the disk: a read awaits it so that it never returns rows a
   * power cut could still take back (undefined: nothing is pending).
   */
  settled(): Promise<void> | undefined;
  /** Once the fsync under way (if any) has ended: the commits waiting on it are answered. */
  close(): Promise<void>;
}

/** SQLite's own fsync inside COMMIT: by the time COMMIT returns, it is on the disk. */
export const synchronousDurability: CommitDurability = {
  committed: () => undefined,
  settled: () => undefined,
  close: async () => undefined,
};

interface Waiter {
  upTo: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

/** Group commit: fsyncs `walFile` off the event loop for the commits that wait on it. */
export function groupFsyncDurability(walFile: string): CommitDurability {
  // Our own descriptor on the WAL, opened when first needed (SQLite creates the file). Safe to
  // open and close beside SQLite's: its POSIX locks are on the database and -shm files, never on
  // the WAL, so closing this descriptor cannot drop one of them. fsync flushes the file whichever
  // descriptor wrote it.
  let fd: number | undefined;
  let committedSeq = 0;
  let durableSeq = 0;
  let syncing = false;
  let failure: Error | undefined;
  let waiters: Waiter[] = [];
  let whenIdle: (() => void)[] = [];

  function waitFor(upTo: number): Promise<void> {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      waiters.push({ upTo, resolve, reject });
      if (!syncing) startSync();
    });
  }

  function startSync(): void {
    syncing = true;
    // Every commit that returned before this line is in the page cache: this fsync covers it.
    const target = committedSeq;
    try {
      fd ??= openSync(walFile, 'r');
    } catch (err) {
      return fail(err as Error);
    }
    fsync(fd, (err) => {
      if (err) return fail(err);
      durableSeq = target;
      const still: Waiter[] = [];
      for (const waiter of waiters) {
        if (waiter.upTo <= target) waiter.resolve();
        else still.push(waiter);
      }
      waiters = still;
      if (waiters.length > 0) startSync();
      else idle();
    });
  }

  function idle(): void {
    syncing = false;
    for (const resolve of whenIdle) resolve();
    whenIdle = [];
  }

  // After a failed fsync the kernel may have dropped the pages it could not write, so a later
  // fsync that succeeds proves nothing: every commit from now on fails until the server restarts.
  function fail(err: Error): void {
    failure = new Error(`The database could not be flushed to the disk: ${err.message}`, {
      cause: err,
    });
    for (const waiter of waiters) waiter.reject(failure);
    waiters = [];
    idle();
  }

  return {
    committed() {
      committedSeq += 1;
      return waitFor(committedSeq);
    },
    settled() {
      if (failure) return Promise.reject(failure);
      return committedSeq > durableSeq ? waitFor(committedSeq) : undefined;
    },
    async close() {
      if (syncing) await new Promise<void>((resolve) => whenIdle.push(resolve));
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
