import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { DB } from './tables.ts';

/**
 * Begins the part of transaction `trx` that reads one musician's rows and writes what a rule
 * decided from them (a request's admission, the queue's positions, a +1's votes and tips):
 *
 * - Serialised per musician: no other transaction that called it for this musician runs on
 *   until `trx` ends, so two cannot both decide from the same rows. On PostgreSQL a
 *   transaction-level advisory lock, its own key space; nothing on SQLite, whose one writer runs
 *   write transactions one at a time already (BEGIN IMMEDIATE).
 * - Read by index, on PostgreSQL: every read of these transactions is of one musician's rows,
 *   through an index made for it. After an ANALYZE of a young table PostgreSQL judged reading
 *   `requests` in sequence cheaper, and a plan it kept (prepared statements) read the whole table
 *   at every request as it grew: 2.5 to 5.2 ms of CPU a request over the next 4,000, 1.3-2.2 ms
 *   with sequential reads off. Off for the rest of `trx` only; a table no index serves is still
 *   read in sequence.
 */
export async function lockMusician(trx: Transaction<DB>, musicianId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select set_config('enable_seqscan', 'off', true),
    pg_advisory_xact_lock(hashtext('musician_writes'), hashtext(${musicianId}))`.execute(trx);
}
