/**
 * The main thread's handle on the embedded database thread (pglite-worker.ts): wire-protocol
 * bytes in, wire-protocol bytes out. PgliteConnection speaks node-postgres on top of it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

export interface PgliteThreadOptions {
  /** Undefined keeps the database in memory (tests). */
  dataDir: string | undefined;
  /** PostgreSQL settings, `name=value`. */
  settings: string[];
  /** In memory only: a dumped data folder to start from (pglite-open.ts). */
  template?: string;
}

export type ToPgliteThread = { type: 'exec'; id: number; bytes: Uint8Array } | { type: 'close' };

export type FromPgliteThread =
  | { type: 'ready' }
  | { type: 'answer'; id: number; bytes: Uint8Array }
  /** id -1: the database could not be opened. */
  | { type: 'failed'; id: number; message: string }
  | { type: 'closed' };

export interface PgliteThread {
  /** Sends protocol messages; resolves with everything PGlite answered to them. */
  exec(bytes: Uint8Array): Promise<Uint8Array>;
  /** Calls sent and not answered yet: the thread's queue (read by GET /metrics). */
  pending(): number;
  /** How long since the last answer; 0 while a call is unanswered (pglite-housekeeping.ts). */
  idleMs(): number;
  close(): Promise<void>;
}

// The thread's and the creator's scripts are siblings of this file: .ts in the sources, .js in
// the server bundle (scripts/build-server.ts builds them all).
const sibling = (name: string) =>
  join(import.meta.dirname, `${name}${import.meta.filename.endsWith('.ts') ? '.ts' : '.js'}`);
const workerFile = sibling('pglite-worker');
const createFile = sibling('pglite-create');

export async function startPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  // In memory (the test suites, a few hundred databases a run): on this thread, where starting
  // one costs a fraction of a thread's start-up. Same session, connections and statements.
  if (options.dataDir === undefined) return onThisThread(options);
  // Creating a database grows PostgreSQL's WebAssembly memory to about 1 GB, and WebAssembly
  // memory never shrinks: a process of its own creates it, and its memory ends with it.
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    await createDatabase(options.dataDir, options.settings);
  }
  return startWorker(options);
}

async function createDatabase(dataDir: string, settings: string[]): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [createFile, dataDir, JSON.stringify(settings)]);
  } catch (err) {
    const { stderr } = err as { stderr?: string };
    const reason = stderr?.trim() || (err as Error).message;
    throw new Error(`the embedded database could not be created in ${dataDir}: ${reason}`, {
      cause: err,
    });
  }
}

async function onThisThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  // Loaded here only: PGlite's JavaScript costs the main thread 7-8 MB, and only in-memory
  // databases run it there (the server bundle makes this import a chunk of its own).
  const { execRaw, openPglite } = await import('./pglite-open.ts');
  const pglite = await openPglite(options.dataDir, options.settings, options.template);
  let pending = 0;
  let answeredAt = performance.now();
  return {
    exec: (bytes) => {
      pending++;
      return execRaw(pglite, bytes).finally(() => {
        pending--;
        answeredAt = performance.now();
      });
    },
    pending: () => pending,
    idleMs: () => (pending > 0 ? 0 : performance.now() - answeredAt),
    close: () => pglite.close(),
  };
}

async function startWorker(options: PgliteThreadOptions): Promise<PgliteThread> {
  const worker = new Worker(workerFile, { workerData: options });
  const waiting = new Map<number, { resolve(bytes: Uint8Array): void; reject(err: Error): void }>();
  let nextId = 0;
  let answeredAt = performance.now();
  let started = false;
  let closing = false;
  let onClosed = () => {};
  let failStart = (_err: Error) => {};

  const ready = new Promise<void>((resolve, reject) => {
    failStart = reject;
    worker.on('message', (message: FromPgliteThread) => {
      if (message.type === 'ready') return resolve();
      if (message.type === 'closed') return onClosed();
      if (message.type === 'failed' && message.id === -1) {
        return reject(new Error(`the embedded database did not open: ${message.message}`));
      }
      const call = waiting.get(message.id);
      waiting.delete(message.id);
      answeredAt = performance.now();
      if (message.type === 'answer') call?.resolve(message.bytes);
      else call?.reject(new Error(message.message));
    });
    worker.on('error', reject);
  });

  worker.on('exit', (code) => {
    const stopped = new Error(`the embedded database thread stopped (exit code ${code})`);
    for (const call of waiting.values()) call.reject(stopped);
    waiting.clear();
    if (!started) return failStart(stopped);
    // Nothing can be stored any more: better a process a supervisor restarts than one that
    // answers 500 to everyone. Everything acknowledged so far is in the data files (docs/deployment.md,
    // "Durability": written, though PGlite cannot flush them to the disk itself).
    if (!closing) {
      setImmediate(() => {
        throw stopped;
      });
    }
  });

  try {
    await ready;
  } catch (err) {
    closing = true;
    await worker.terminate();
    throw err;
  }
  started = true;
  return {
    exec(bytes) {
      if (closing) return Promise.reject(new Error('the embedded database is closed'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const message: ToPgliteThread = { type: 'exec', id, bytes };
        worker.postMessage(message);
      });
    },
    pending: () => waiting.size,
    idleMs: () => (waiting.size > 0 ? 0 : performance.now() - answeredAt),
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => (onClosed = resolve));
      const message: ToPgliteThread = { type: 'close' };
      worker.postMessage(message);
      await closed;
      await worker.terminate();
    },
  };
}
