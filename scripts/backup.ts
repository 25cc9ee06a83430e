/**
 * Copies the embedded database while the server runs: `npm run backup -- FILE`.
 * The data folder is DATA_DIR (default ./data), as the server reads it (server/src/config.ts).
 * Restoring: docs/deployment.md, "Backups".
 */
import { resolve } from 'node:path';
import { backupDatabase } from '#server/db/sqlite/backup-database.ts';
import { sqliteFileIn } from '#server/db/sqlite/open-sqlite.ts';
import { existsSync } from 'node:fs';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- FILE   (FILE: where the copy goes; it must not exist)');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: this server keeps its data in PostgreSQL. Back it up with pg_dump, e.g.\n' +
      '  pg_dump --format=custom --file=songrequests.dump "$DATABASE_URL"',
  );
  process.exit(1);
}
const dataDir = resolve(process.env.DATA_DIR || './data');
const source = sqliteFileIn(dataDir);
if (!existsSync(source)) {
  console.error(
    `There is no embedded database in ${dataDir} (no ${source}). Set DATA_DIR to the server's data folder. ` +
      'A server on PostgreSQL (DATABASE_URL) is backed up with pg_dump.',
  );
  process.exit(1);
}
try {
  const { targetFile, bytes } = backupDatabase(source, resolve(target));
  console.log(`Backed up ${source} to ${targetFile} (${(bytes / 1024).toFixed(0)} KB).`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
