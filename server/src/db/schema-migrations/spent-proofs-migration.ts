/**
 * Migration 0006: the proofs of work spent (issue 46, item 1). A solved ALTCHA challenge is good
 * for one write: its signature is stored here once used, on every process alike, and swept by
 * housekeeping once the challenge would have expired anyway.
 */
import type { Migration } from 'kysely/migration';
import { columnTypes, type Dialect } from './column-types.ts';

export function spentProofsMigration(dialect: Dialect): Migration {
  const types = columnTypes(dialect);
  return {
    async up(db) {
      await db.schema
        .createTable('spent_proofs')
        .addColumn('signature', types.type('text'), (c) => c.primaryKey().notNull())
        .addColumn('expires_at', types.type('timestamp'), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('spent_proofs_expires_at_idx')
        .on('spent_proofs')
        .column('expires_at')
        .execute();
    },
  };
}
