/**
 * The one engine-specific step of a rule's transaction (docs/architecture.md, "The data layer"):
 * on PostgreSQL, where several processes share the database, a lock held until the transaction
 * ends; on SQLite nothing, since its one writer runs write transactions one at a time already
 * (BEGIN IMMEDIATE) and a transaction there reads what no other can change meanwhile.
 */
import { PostgresAdapter, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { DB } from './tables.ts';

const onPostgres = (trx: Transaction<DB>) => trx.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Begins the part of transaction `trx` that reads one musician's rows and writes what a rule
 * decided from them (a request's admission, the queue's positions, a +1's votes and tips):
 *
 * - Serialised per musician: no other transaction that called it for this musician runs on
 *   until `trx` ends, so two cannot both decide from the same rows. On PostgreSQL a
 *   transaction-level advisory lock, in its own key space.
 * - Read by index, on PostgreSQL: every read of these transactions is of one musician's rows,
 *   through an index made for it. After an ANALYZE of a young table PostgreSQL judged reading
 *   `requests` in sequence cheaper, and a plan it kept (prepared statements) read the whole table
 *   at every request as it grew: 2.5 to 5.2 ms of CPU a request over the next 4,000, 1.3-2.2 ms
 *   with sequential reads off. Off for the rest of `trx` only; a table no index serves is still
 *   read in sequence.
 */
export async function lockMusician(trx: Transaction<DB>, musicianId: string): Promise<void> {
  if (!onPostgres(trx)) return;
  await sql`select set_config('enable_seqscan', 'off', true),
    pg_advisory_xact_lock(hashtext('musician_writes'), hashtext(${musicianId}))`.execute(trx);
}

/** Holds `key` until `trx` ends, so two transactions taking the same key run one after the other. */
export async function lockUntilCommit(trx: Transaction<DB>, key: string): Promise<void> {
  if (!onPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/**
 * The rows `query` reads stay locked until `trx` ends: on PostgreSQL `for update` (no other
 * transaction writes or locks them meanwhile) or `for key share` (none deletes them or changes
 * their key).
 */
export function lockingRows<Query extends SelectQueryBuilder<DB, keyof DB, object>>(
  trx: Transaction<DB>,
  query: Query,
  strength: 'update' | 'key share',
): Query {
  if (!onPostgres(trx)) return query;
  return (strength === 'update' ? query.forUpdate() : query.forKeyShare()) as Query;
}
