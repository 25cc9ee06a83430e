/**
 * Imports a data folder's PGlite database (releases before SQLite) into SQLite by hand:
 * `npm run db:import-pglite -- DATA_DIR`. The server does the same on its first start on such a
 * folder (server/src/db/pglite-import/import-pglite-folder.ts); this is for doing it ahead, e.g.
 * while the old release is stopped for the upgrade.
 */
import { resolve } from 'node:path';
import { DataDirInUseError, lockDataDir } from '#server/db/data-dir-lock.ts';
import {
  importPgliteFolder,
  pgliteFolderIn,
} from '#server/db/pglite-import/import-pglite-folder.ts';

const argument = process.argv[2];
if (!argument) {
  console.error('Usage: npm run db:import-pglite -- DATA_DIR   (the folder holding pglite/)');
  process.exit(2);
}
const dataDir = resolve(argument);
const print = (details: object, message: string) =>
  console.log(`${message}\n${JSON.stringify(details, null, 2)}`);
try {
  // As a server does: nobody else may be using the folder meanwhile.
  const lock = lockDataDir(dataDir, 'songrequests');
  try {
    const done = await importPgliteFolder(dataDir, { info: print, warn: print });
    if (!done)
      console.log(`Nothing to import: ${pgliteFolderIn(dataDir)} holds no PGlite database.`);
  } finally {
    lock.release();
  }
} catch (err) {
  console.error(
    err instanceof DataDirInUseError ? err.message : `Import failed: ${(err as Error).message}`,
  );
  process.exit(1);
}
