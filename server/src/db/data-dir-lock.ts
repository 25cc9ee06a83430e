/**
 * One server per data folder. Two PGlite instances on one folder corrupt it (a second server
 * that only got as far as opening it, then exited on the port clash, left a folder the next start
 * could not open: "Aborted()"), so the folder is locked before anything touches it.
 *
 * The lock is the operating system's: SQLite (built into Node) holds an exclusive lock on a small
 * file beside the folder, a POSIX record lock on Linux and macOS, LockFileEx on Windows. The kernel
 * releases it when the process ends, however it ends (SIGKILL, a crash, a power cut), so a dead
 * server never leaves a stale lock to guess about, and a reused PID cannot fool it. The PID file
 * beside it only names the holder in the message; nothing trusts it.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export interface DataDirLock {
  release(): void;
}

/** Another process holds the folder: its message is the whole story, no stack needed. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number | undefined) {
    const holder = pid
      ? `another Song Requests server (PID ${pid})`
      : 'another Song Requests server';
    super(
      `The data folder ${dataDir} is in use by ${holder}. Stop that server first, or start this one with another DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

// SQLITE_BUSY: the lock is held elsewhere (with a timeout of 0, SQLite does not wait for it).
const SQLITE_BUSY = 5;

/**
 * Locks `dataDir` for this process, or throws DataDirInUseError at once if another holds it. The
 * lock is `<dataDir>/<name>.lock`, or, without a name, `<dataDir>.lock` beside the folder (where
 * the releases on PGlite kept it: their folder held PostgreSQL's files only).
 */
export function lockDataDir(dataDir: string, name?: string): DataDirLock {
  const base = name ? join(dataDir, name) : dataDir;
  const lockFile = `${base}.lock`;
  const pidFile = `${base}.pid`;
  mkdirSync(dirname(base), { recursive: true });
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(lockFile, { timeout: 0 });
  } catch (err) {
    throw new Error(
      `The data folder's lock file ${lockFile} could not be opened (${(err as Error).message}). Check that it is a file this user may write, in ${dirname(base)}.`,
      { cause: err },
    );
  }
  try {
    // An exclusive transaction on the (empty) database, kept open for as long as the server runs.
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { errcode?: number }).errcode === SQLITE_BUSY) {
      throw new DataDirInUseError(dataDir, holderPid(pidFile));
    }
    throw err;
  }
  // Written whole or not at all, so a second server never reads half a number.
  writeFileSync(`${pidFile}.${process.pid}`, `${process.pid}\n`);
  renameSync(`${pidFile}.${process.pid}`, pidFile);
  return {
    // Once: a second call (a finally after an early release) does nothing.
    release() {
      if (!db.isOpen) return;
      rmSync(pidFile, { force: true });
      db.close();
    },
  };
}

/**
 * The holder's PID as it wrote it. It writes it just after locking, so for a moment the file may
 * still name a server that died (SIGKILL leaves it): a PID no process has is not named.
 */
function holderPid(pidFile: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && isRunning(pid) ? pid : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
