/**
 * Migration 0009: `musicians.show_recaps`, the musician's opt-in to a public recap of each show
 * once it has ended (the songs played that night, their tip and follow links). Off by default:
 * a musician decides to publish their setlists.
 */
import type { Migration } from 'kysely/migration';
import { columnTypes, type Dialect } from './column-types.ts';

export function showRecapsMigration(dialect: Dialect): Migration {
  const types = columnTypes(dialect);
  return {
    async up(db) {
      await db.schema
        .alterTable('musicians')
        .addColumn('show_recaps', types.type('boolean'), (c) => c.notNull().defaultTo(false))
        .execute();
    },
  };
}
