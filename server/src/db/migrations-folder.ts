import { join } from 'node:path';

/**
 * The numbered SQL migrations, beside this code: server/src/db/migrations from the sources, and
 * server/dist/migrations in the built server (scripts/build-server.ts copies them there). Both
 * PostgreSQL (database.ts) and the embedded database's thread (pglite-open.ts) migrate from it.
 */
export const migrationsFolder = join(import.meta.dirname, 'migrations');
