import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { nameFailedStatement } from './failed-statement.ts';
import type { DB } from './tables.ts';

/**
 * Kysely over the pool the app already has, on PostgreSQL and on PGlite alike (PGlite's pool
 * hands out connections of its one session, pglite-session.ts). Rows are camelCase over the
 * snake_case columns (CamelCasePlugin), as tables.ts declares them. A failed statement's error
 * carries its SQL text for the log (failed-statement.ts).
 */
export function kyselyOverPool(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log: nameFailedStatement,
  });
}
