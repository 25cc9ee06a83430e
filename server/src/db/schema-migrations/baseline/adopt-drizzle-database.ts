/**
 * A PostgreSQL database that Drizzle's migrator brought up to date (the releases before issue
 * 44) already holds the baseline's tables: the baseline records it as applied instead of making
 * them again. Drizzle's own record (`drizzle.__drizzle_migrations`) stays, untouched.
 */
import { sql } from 'kysely';
import type { SchemaDb } from './building-blocks.ts';

/**
 * When Drizzle's migration 0020, the last one the baseline holds, was generated (its `when` in
 * the Drizzle journal): Drizzle records each applied migration under that time, so a database
 * whose newest record is this or later has every table, column and index of the baseline.
 */
const LAST_DRIZZLE_MIGRATION_IN_BASELINE = 1_795_919_455_535;

/**
 * The SQL functions the rules lived in before they moved into TypeScript. Drizzle's migration
 * 0021 drops them; a database adopted before it ran has them still, and nothing calls them now.
 */
const RETIRED_FUNCTIONS = [
  'submit_request',
  'renumber_queue',
  'song_held_back_at',
  'requester_blocked',
  'song_requestable',
];

/** Whether this database is one Drizzle migrated; throws for one it left part way. */
export async function isDrizzleDatabase(db: SchemaDb): Promise<boolean> {
  const drizzle = await sql<{ found: boolean }>`
    select to_regclass('drizzle.__drizzle_migrations') is not null as found`.execute(db);
  if (!drizzle.rows[0]?.found) return false;
  // Drizzle's bigint comes back as a string from node-postgres.
  const newest = await sql<{ newest: string | null }>`
    select max(created_at) as newest from drizzle.__drizzle_migrations`.execute(db);
  const newestMillis = Number(newest.rows[0]?.newest ?? 0);
  if (newestMillis < LAST_DRIZZLE_MIGRATION_IN_BASELINE) {
    throw new Error(
      'This database was migrated by an older release and stops before its migration 0020: ' +
        'start the previous release on it once to bring it up to date, then this one.',
    );
  }
  return true;
}

/** Takes the Drizzle-made database as it is; only the retired functions go, if still there. */
export async function adoptDrizzleDatabase(db: SchemaDb): Promise<void> {
  await sql`drop function if exists ${sql.join(RETIRED_FUNCTIONS.map((name) => sql.id(name)))}`.execute(
    db,
  );
}
