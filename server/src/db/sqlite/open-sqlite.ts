/**
 * Opens the embedded database file with the settings every connection of the app needs. Call it
 * after lockDataDir() (../data-dir-lock.ts) has locked the data folder: two servers writing one
 * file would each believe they are the only writer.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  groupFsyncDurability,
  synchronousDurability,
  type CommitDurability,
} from './commit-durability.ts';
import { walCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';
import { WriteLock } from './write-lock.ts';

/** The database file in a data folder (its -wal and -shm files sit beside it). */
export function sqliteFileIn(dataDir: string): string {
  return join(dataDir, 'songrequests.sqlite');
}

/** See commit-durability.ts: `group` keeps the fsync off the event loop. */
export type CommitMode = 'synchronous' | 'group';

export interface OpenSqliteOptions {
  /** A file path, or ':memory:' (tests; nothing to flush, so no durability either). */
  file: string;
  commits?: CommitMode;
  /**
   * How long a statement waits for another process's lock (a backup, the sqlite3 shell) before
   * failing with SQLITE_BUSY.
   */
  busyTimeoutMs?: number;
}

export interface SqliteEngine {
  database: DatabaseSync;
  file: string;
  durability: CommitDurability;
  /** One statement, or one transaction, on the connection at a time (sqlite-connection.ts). */
  lock: WriteLock;
  /** Checkpoints the WAL on this thread now: at start-up, before the server listens. */
  settle(): void;
  /** Closes the file once every commit made is on the disk and answered. */
  close(): Promise<void>;
}

export function openSqlite(options: OpenSqliteOptions): SqliteEngine {
  const { file, commits = 'group', busyTimeoutMs = 5000 } = options;
  const database = new DatabaseSync(file, {
    timeout: busyTimeoutMs,
    enableForeignKeyConstraints: true,
    // Integers as numbers: every integer the app stores (ms times, counts, positions) is far
    // below 2^53, and one that is not fails loudly on read rather than losing digits.
    readBigInts: false,
  });
  const memory = file === ':memory:' || file === '';
  try {
    if (!memory) {
      const mode = database.prepare('PRAGMA journal_mode = WAL').get()?.journal_mode;
      if (mode !== 'wal') throw new Error(`SQLite would not use WAL on ${file} (got ${mode})`);
    }
    database.exec(
      commits === 'synchronous' ? 'PRAGMA synchronous = FULL' : 'PRAGMA synchronous = NORMAL',
    );
    // A new database gets its -wal file at its first read: made now, so that group commit has a
    // file to flush from the first statement on.
    database.prepare('select count(*) from sqlite_schema').get();
  } catch (err) {
    database.close();
    throw err;
  }
  if (memory || commits === 'synchronous') {
    return engineOf(database, file, synchronousDurability, {
      settle: () => undefined,
      close: async () => undefined,
    });
  }
  // Group commit keeps SQLite's fsyncs off the event loop, and so does the checkpointer.
  const fsyncs = groupFsyncDurability(`${file}-wal`);
  const checkpointer = walCheckpointer(file, database, { busyTimeoutMs });
  const durability: CommitDurability = {
    ...fsyncs,
    committed() {
      checkpointer.wrote();
      return fsyncs.committed();
    },
  };
  return engineOf(database, file, durability, checkpointer);
}

function engineOf(
  database: DatabaseSync,
  file: string,
  durability: CommitDurability,
  checkpoints: Pick<WalCheckpointer, 'settle' | 'close'>,
): SqliteEngine {
  return {
    database,
    file,
    durability,
    lock: new WriteLock(),
    settle: () => checkpoints.settle(),
    async close() {
      await durability.close();
      await checkpoints.close();
      if (database.isOpen) database.close();
    },
  };
}
