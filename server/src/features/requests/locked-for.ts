import type { Kysely, Transaction } from 'kysely';
import { lockMusician } from '#server/db/locks.ts';
import type { DB } from '#server/db/tables.ts';

/**
 * `write` in a transaction under the musician's lock (db/locks.ts): a transaction of its
 * own, or the caller's when `db` is one already (a test counting what one transaction reads).
 */
export function lockedFor<T>(
  db: Kysely<DB>,
  musicianId: string,
  write: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const locked = async (trx: Transaction<DB>) => {
    await lockMusician(trx, musicianId);
    return write(trx);
  };
  return db.isTransaction ? locked(db as Transaction<DB>) : db.transaction().execute(locked);
}
