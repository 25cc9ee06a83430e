/**
 * Migration 0001: the whole schema as Drizzle's migrations 0000-0020 left it, minus the SQL
 * functions (the rules now live in TypeScript), for either engine. On a PostgreSQL database that
 * Drizzle's migrations made, it creates nothing and is recorded as applied.
 */
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../column-types.ts';
import { adoptDrizzleDatabase, isDrizzleDatabase } from './adopt-drizzle-database.ts';
import { createAccountTables } from './accounts.ts';
import { buildingBlocks } from './building-blocks.ts';
import { createMusicianPageTables } from './musician-page.ts';
import { createRequestTables } from './requests.ts';
import { createSongTables } from './songs.ts';

export function baselineMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      if (dialect === 'postgres' && (await isDrizzleDatabase(db))) {
        await adoptDrizzleDatabase(db);
        return;
      }
      // In the order the foreign keys need: each table after those it references.
      const blocks = buildingBlocks(db, dialect);
      await createAccountTables(db, blocks);
      await createSongTables(db, blocks);
      await createRequestTables(db, blocks);
      await createMusicianPageTables(db, blocks);
    },
  };
}
