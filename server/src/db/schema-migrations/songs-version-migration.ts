/**
 * Migration 0002: `musicians.songs_version`, a count of the writes that added or renamed one of
 * the musician's songs (catalogue/songs-version.ts). An import inserts in batches, each its
 * own transaction, and asks between two whether anyone changed the musician's songs since it read
 * their keys. It asked PostgreSQL for a hash of every row version (xmin), which SQLite has no
 * equivalent of; a value derived from the rows both engines have (a count, the latest
 * updated_at, sums of lengths) misses a rename to a title of the same length stamped by a clock
 * a few milliseconds behind. A number every such write raises in its own transaction misses
 * none of them and is read in one index lookup (a removal shows in the count).
 */
import type { Migration } from 'kysely/migration';
import { columnTypes, type Dialect } from './column-types.ts';

export function songsVersionMigration(dialect: Dialect): Migration {
  const types = columnTypes(dialect);
  return {
    async up(db) {
      await db.schema
        .alterTable('musicians')
        .addColumn('songs_version', types.type('integer'), (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
