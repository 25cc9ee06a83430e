import { PostgresAdapter, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB } from './tables.ts';

/**
 * The rows `query` reads stay locked until the transaction `trx` ends: on PostgreSQL
 * `for update` (no other transaction writes or locks them meanwhile) or `for key share` (none
 * deletes them or changes their key). The one engine-specific step of such a read (design of
 * issue 44): SQLite has no row locks, and needs none, since its one writer runs write
 * transactions one at a time (BEGIN IMMEDIATE).
 */
export function lockingRows<Query extends SelectQueryBuilder<DB, keyof DB, object>>(
  trx: Transaction<DB>,
  query: Query,
  strength: 'update' | 'key share',
): Query {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return query;
  return (strength === 'update' ? query.forUpdate() : query.forKeyShare()) as Query;
}
