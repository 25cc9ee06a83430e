/**
 * Brings a database's schema up to date with schemaMigrations(), on either engine. Kysely's
 * Migrator records what it applied in `schema_migrations`.
 */
import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { Dialect } from './column-types.ts';
import { schemaMigrations } from './migrations.ts';

export const MIGRATION_TABLE = 'schema_migrations';
export const MIGRATION_LOCK_TABLE = 'schema_migrations_lock';

/**
 * The session lock database.ts takes around Drizzle's migrator (its MIGRATION_LOCK_ID): the same
 * number, so a process of the previous release migrating with Drizzle and one of this release
 * adopting its database take turns.
 */
const MIGRATION_LOCK_ID = 7_421_337;

/**
 * Applies every migration `db` has not had yet, in order of their names. `migrations` is the
 * schema's own list but for tests, which add one after it.
 */
export async function migrateToLatest<Tables>(
  db: Kysely<Tables>,
  dialect: Dialect,
  migrations: Record<string, Migration> = schemaMigrations(dialect),
): Promise<void> {
  // The migrations name tables and columns as they are in the database: no camelCase mapping.
  const plain = db.withoutPlugins();
  const migrate = async (conn: Kysely<Tables>) => {
    const migrator = new Migrator({
      db: conn,
      provider: { getMigrations: async () => migrations },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: MIGRATION_LOCK_TABLE,
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((result) => result.status === 'Error');
      throw new Error(`schema migration ${failed?.migrationName ?? '(none run)'} failed`, {
        cause: error,
      });
    }
  };
  if (dialect === 'sqlite') {
    // One writer: a second process cannot migrate alongside (and the data folder is locked).
    await migrate(plain);
    return;
  }
  // Several processes may start at once. Kysely's migrator locks only around applying the
  // migrations; this lock also covers creating its tables and adopting a Drizzle database.
  await plain.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      await migrate(conn);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn).catch(() => {});
    }
  });
}
