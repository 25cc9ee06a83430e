/**
 * Migration 0006: `songs.duration_seconds`, a song's length (the song form, the CSV "Duration"
 * column), null when not known. The request-status wait estimate sums the lengths of the songs
 * ahead (shared/src/wait-estimate.ts).
 */
import type { Migration } from 'kysely/migration';
import { columnTypes, type Dialect } from './column-types.ts';

export function songDurationsMigration(dialect: Dialect): Migration {
  const types = columnTypes(dialect);
  return {
    async up(db) {
      await db.schema
        .alterTable('songs')
        .addColumn('duration_seconds', types.type('integer'))
        .execute();
    },
  };
}
