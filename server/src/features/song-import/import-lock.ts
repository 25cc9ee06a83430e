import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/**
 * Imports one process runs at once, over all musicians; the others wait their turn. On
 * PostgreSQL each holds a pool connection for its lock while its batches take others: more at
 * once could take the whole pool. Not 1: an import holds its slot while a slow phone sends its
 * file, and one musician's slow upload must not hold every other musician's import. (Their files
 * are parsed on a thread of their own: song-file-reader.ts.)
 */
const IMPORTS_AT_ONCE = 4;

/**
 * One import (preview or upload) at a time per musician, across every server process: a second
 * one while the first runs is refused (`run` resolves `{ ran: false }`) at once, not queued.
 * In this process a set of the musicians importing; on PostgreSQL also a session advisory lock,
 * in its own key space, held on one connection for the import and freed with it (a process
 * that dies frees it too). On SQLite the one process is the whole server.
 */
export function importLock(db: Kysely<DB>) {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const running = new Set<string>();
  const slots = semaphore(IMPORTS_AT_ONCE);

  async function acrossProcesses<T>(
    musicianId: string,
    work: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    if (!onPostgres) return { ran: true, value: await work() };
    return db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(
        hashtext('song_import'), hashtext(${musicianId})) as locked`.execute(connection);
      if (!rows[0]?.locked) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        await sql`select pg_advisory_unlock(hashtext('song_import'), hashtext(${musicianId}))`.execute(
          connection,
        );
      }
    });
  }

  return async function run<T>(
    musicianId: string,
    work: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    if (running.has(musicianId)) return { ran: false };
    running.add(musicianId);
    try {
      return await slots(() => acrossProcesses(musicianId, work));
    } finally {
      running.delete(musicianId);
    }
  };
}

/** Runs at most `size` of the given works at once; the others wait their turn, in order. */
function semaphore(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return async function <T>(work: () => Promise<T>): Promise<T> {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}
