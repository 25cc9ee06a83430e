/**
 * Checkpoints the embedded database's WAL from a thread of its own, so that no request waits on
 * one. SQLite's own (automatic) checkpoint runs inside the COMMIT that takes the WAL past 1,000
 * pages: it copies every page into the database file and fsyncs both files on the event loop's
 * thread. Measured on the requests table (16 WAL pages a request), that put 100 us of CPU on
 * every commit and stalled the loop for 30-35 ms at the 99th percentile of commits (5-8 ms with
 * the checkpoints taken elsewhere).
 *
 * Once the server has started (`settle()`), the app's connection runs with
 * `wal_autocheckpoint = 0`; a worker thread with a connection of its own runs
 * `PRAGMA wal_checkpoint(PASSIVE)` shortly after writes: it copies what no reader
 * still needs, never waits on the writer, and fsyncs the WAL before and the file after (the
 * writer starts the WAL over only once a checkpoint has been fsynced, so a power cut finds every
 * acknowledged commit in one file or the other). The thread costs about 20 MB while it lives: it
 * starts at the first write and ends after a quiet spell, so a server at rest does not keep it.
 * Until then (start-up: migrations, the server's keys), the connection checkpoints itself as
 * SQLite does by default, and `settle()` checkpoints what start-up wrote before anyone waits: a
 * thread started and ended at start-up left about 5 MB resident behind it at rest. Should the
 * thread fail, the app's connection checkpoints itself again.
 */
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointer {
  /** A write committed: a checkpoint follows within `delayMs`. */
  wrote(): void;
  /**
   * Checkpoints what was written so far, on the caller's thread, and from then on takes the
   * checkpoints off the connection: once start-up is over, before the server listens.
   */
  settle(): void;
  /** Ends the thread (after the checkpoint under way, if any). */
  close(): Promise<void>;
  /** Whether the thread lives now (it ends after a quiet spell). */
  readonly running: boolean;
}

export interface WalCheckpointerOptions {
  /** How long after a write the checkpoint runs: writes in between share it. */
  delayMs?: number;
  /** A thread with nothing to do for this long ends; the next write starts another. */
  idleMs?: number;
  busyTimeoutMs?: number;
}

/** SQLite's default: the app's connection checkpoints past this many WAL pages. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

// The thread's whole program: small enough to read here, and no file for the server's bundle to
// carry. CommonJS, as an evaluated worker is.
const CHECKPOINT_THREAD = `
const { DatabaseSync } = require('node:sqlite');
const { parentPort, workerData } = require('node:worker_threads');
const db = new DatabaseSync(workerData.file, { timeout: workerData.busyTimeoutMs });
db.exec('PRAGMA synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ ok: true, ...checkpoint.get() });
  } catch (err) {
    parentPort.postMessage({ ok: false, message: String(err && err.message) });
  }
});`;

interface CheckpointAnswer {
  ok: boolean;
  message?: string;
}

export function walCheckpointer(
  file: string,
  database: DatabaseSync,
  options: WalCheckpointerOptions = {},
): WalCheckpointer {
  const { delayMs = 200, idleMs = 15_000, busyTimeoutMs = 5000 } = options;
  let worker: Worker | undefined;
  let ended: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let inFlight = false;
  let again = false;
  // Settled: start-up is over and checkpoints are the thread's. Failed: they are the
  // connection's again. Closed: the connection is about to close.
  let settled = false;
  let failed = false;
  let closed = false;

  const fallBack = (reason: string) => {
    if (failed || closed) return;
    failed = true;
    clearTimeout(timer);
    clearTimeout(idleTimer);
    if (database.isOpen) {
      database.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    }
    process.emitWarning(`WAL checkpoints are back on the main thread: ${reason}`);
    void stop();
  };

  const start = (): Worker => {
    const thread = new Worker(CHECKPOINT_THREAD, {
      eval: true,
      workerData: { file, busyTimeoutMs },
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    // Its work is for the file, not for anyone waiting: it never keeps the process up.
    thread.unref();
    thread.on('message', (answer: CheckpointAnswer) => {
      inFlight = false;
      if (!answer.ok) return fallBack(answer.message ?? 'the checkpoint failed');
      if (again) schedule();
    });
    thread.on('error', (err) => fallBack(err.message));
    ended = new Promise((resolve) => thread.once('exit', () => resolve()));
    thread.once('exit', () => {
      if (worker === thread) worker = undefined;
      inFlight = false;
    });
    return thread;
  };

  const run = () => {
    timer = undefined;
    if (failed || closed) return;
    if (inFlight) {
      again = true;
      return;
    }
    again = false;
    inFlight = true;
    (worker ??= start()).postMessage('checkpoint');
  };

  const schedule = () => {
    if (!settled || failed || closed) return;
    timer ??= setTimeout(run, delayMs).unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stop(), idleMs).unref();
  };

  /** Ends the thread, if one lives; resolves once the last one started has exited. */
  async function stop(): Promise<void> {
    const thread = worker;
    if (thread) {
      worker = undefined;
      // Unreferenced while it works, referenced while it ends: a process awaiting this close
      // (a script's last line) must not exit before the thread has closed its connection.
      thread.ref();
      thread.postMessage('close');
    }
    await ended;
  }

  return {
    wrote: schedule,
    settle() {
      if (settled || closed) return;
      settled = true;
      database.exec('PRAGMA wal_autocheckpoint = 0');
      database.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get();
    },
    get running() {
      return worker !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(idleTimer);
      timer = undefined;
      await stop();
    },
  };
}
