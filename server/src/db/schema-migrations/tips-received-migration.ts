/**
 * Migration 0004: what arrived, beside what was claimed (issue 45, step 4). A payment-app tip is
 * the phone's word: it adds to `requests.tip_amount` (claimed) and moves nothing. Once the
 * musician marks it received, `tips.received_at` is set and its amount joins
 * `requests.tip_received`, which the "biggest tip" order and analytics count.
 */
import type { Migration } from 'kysely/migration';
import { columnTypes, type Dialect } from './column-types.ts';

export function tipsReceivedMigration(dialect: Dialect): Migration {
  const types = columnTypes(dialect);
  return {
    async up(db) {
      await db.schema
        .alterTable('requests')
        .addColumn('tip_received', types.type('money'), (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tips')
        .addColumn('received_at', types.type('timestamp'))
        .execute();
    },
  };
}
