/**
 * Brings a data folder of a release before SQLite up to date, once: the PGlite database in
 * `DATA_DIR/pglite` is copied into `DATA_DIR/songrequests.sqlite`, the row counts of every table
 * compared, and the old folder kept beside, renamed `pglite-imported-<time>`. The server does it
 * as it opens its database (database.ts); `npm run db:import-pglite -- DATA_DIR` does it by hand.
 *
 * Nothing is lost if it stops half way: the copy is made under a temporary name and takes the
 * database's name only once complete and counted; the old folder is renamed only after that.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { lockDataDir } from '../data-dir-lock.ts';
import { migrateToLatest } from '../schema-migrations/migrate-to-latest.ts';
import { openSqlite, sqliteFileIn } from '../sqlite/open-sqlite.ts';
import { createSqliteKysely } from '../sqlite/sqlite-kysely.ts';
import type { DB } from '../tables.ts';
import type { TableCount } from './copy-pglite-tables.ts';

export interface ImportLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PgliteImport {
  tables: TableCount[];
  /** Where the PGlite folder now is. */
  keptAt: string;
}

/** The PGlite folder of a data folder (the releases before SQLite kept it there). */
export const pgliteFolderIn = (dataDir: string) => join(dataDir, 'pglite');

/**
 * Imports `dataDir`'s PGlite database into SQLite if it has one and no SQLite database yet;
 * undefined when there is nothing to import. The caller holds the data folder's lock.
 */
export async function importPgliteFolder(
  dataDir: string,
  log: ImportLog,
  now = new Date(),
): Promise<PgliteImport | undefined> {
  const pgliteDir = pgliteFolderIn(dataDir);
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) return undefined;
  const sqliteFile = sqliteFileIn(dataDir);
  if (existsSync(sqliteFile)) {
    log.warn(
      { pgliteDir, sqliteFile },
      'A PGlite data folder sits beside the SQLite database: it is not imported again, and nothing reads it',
    );
    return undefined;
  }
  // An old server still running on the folder holds this lock (its data-dir-lock.ts).
  const oldServer = lockDataDir(pgliteDir);
  try {
    log.info({ pgliteDir }, 'Importing the PGlite database into SQLite (once)');
    const importing = `${sqliteFile}.importing`;
    await removeDatabaseFiles(importing);
    const tables = await copyInto(importing, pgliteDir);
    await rename(importing, sqliteFile);
    const keptAt = join(dataDir, `pglite-imported-${now.toISOString().replace(/[:.]/g, '-')}`);
    oldServer.release();
    await rename(pgliteDir, keptAt);
    log.info(
      { tables: Object.fromEntries(tables.map(({ table, rows }) => [table, rows])), keptAt },
      `Imported ${tables.reduce((sum, { rows }) => sum + rows, 0)} rows from PGlite into SQLite; the old folder is kept at ${keptAt}`,
    );
    return { tables, keptAt };
  } finally {
    oldServer.release();
  }
}

/** Copies into a new SQLite file `file`, then counts every table there against PGlite's. */
async function copyInto(file: string, pgliteDir: string): Promise<TableCount[]> {
  const db = createSqliteKysely<DB>({ engine: openSqlite({ file, commits: 'synchronous' }) });
  let complete = false;
  try {
    await migrateToLatest(db, 'sqlite');
    // Loaded here only: PGlite (WebAssembly) costs every other start nothing.
    const { copyPgliteTables } = await import('./copy-pglite-tables.ts');
    const copied = await copyPgliteTables(pgliteDir, db);
    const anyTable = db as unknown as Kysely<Record<string, object>>;
    for (const { table, rows } of copied) {
      const { count } = await anyTable
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      if (Number(count) !== rows) {
        throw new Error(`Imported ${count} rows of ${table} where PGlite holds ${rows}`);
      }
    }
    complete = true;
    return copied;
  } finally {
    await db.destroy();
    if (!complete) await removeDatabaseFiles(file);
  }
}

async function removeDatabaseFiles(file: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    await rm(`${file}${suffix}`, { force: true });
}
