import { sql } from 'drizzle-orm';
import { Kysely, PostgresAdapter, sql as kyselySql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import { isSerialised } from './serialised-connections.ts';
import type { DB } from './tables.ts';

/**
 * Begins the part of transaction `tx` that reads one musician's rows and writes what a rule
 * decided from them (a request's admission, the queue's positions, a +1's votes and tips):
 *
 * - Serialised per musician: no other transaction that called it for this musician runs on
 *   until `tx` ends, so two cannot both decide from the same rows. On PostgreSQL a
 *   transaction-level advisory lock, its own key space; nothing more where the engine runs
 *   transactions one at a time itself.
 * - Read by index: every read of these transactions is of one musician's rows, through an index
 *   made for it. After an ANALYZE of a young table PostgreSQL judged reading `requests` in
 *   sequence cheaper, and a plan it kept (prepared statements; the embedded database prepares
 *   every statement) read the whole table at every request as it grew: 2.5 to 5.2 ms of CPU a
 *   request over the next 4,000, 1.3-2.2 ms with sequential reads off (migration 0020). Off for
 *   the rest of `tx` only; a table no index serves is still read in sequence.
 */
export async function lockMusician(tx: Db | Transaction<DB>, musicianId: string): Promise<void> {
  // (A transaction of either query layer while the queries move to Kysely, issue 44; on
  // Kysely's, PGlite's connections take the lock as PostgreSQL's do: one statement more.)
  if (tx instanceof Kysely) {
    // SQLite's one writer runs write transactions one at a time already.
    if (!(tx.getExecutor().adapter instanceof PostgresAdapter)) return;
    await kyselySql`select set_config('enable_seqscan', 'off', true),
      pg_advisory_xact_lock(hashtext('musician_writes'), hashtext(${musicianId}))`.execute(tx);
    return;
  }
  const { client } = tx._.session as unknown as { client: object };
  const indexReads = sql`set_config('enable_seqscan', 'off', true)`;
  if (isSerialised(client)) {
    await tx.execute(sql`select ${indexReads}`);
    return;
  }
  await tx.execute(
    sql`select ${indexReads},
      pg_advisory_xact_lock(hashtext('musician_writes'), hashtext(${musicianId}))`,
  );
}
