import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { DB } from './tables.ts';

/**
 * Holds `key` until the transaction ends, so two transactions taking the same key run one after
 * the other. The one engine-specific step of a ported query (design of issue 44): on PostgreSQL
 * an advisory lock (several processes share the database); on SQLite nothing, since its one
 * writer already runs write transactions one at a time.
 */
export async function lockUntilCommit(trx: Transaction<DB>, key: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
