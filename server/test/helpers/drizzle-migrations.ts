import { join } from 'node:path';

/**
 * The SQL migrations (0000-0021) the releases before the schema's own migrations made their
 * databases with, through Drizzle's migrator: kept to make such a database in tests (its
 * adoption, the baseline's equality with it) and to read the SQL functions the TypeScript rules
 * replaced. The running server never reads them.
 */
export const drizzleMigrationsFolder = join(
  import.meta.dirname,
  '..',
  'fixtures',
  'drizzle-migrations',
);
