/**
 * Copies every table of a PGlite data folder (the embedded database of releases before SQLite)
 * into a SQLite database of the current schema, with the values the app reads on either engine.
 *
 * The SQLite schema is the reference: each of its tables is read from PGlite by name, column by
 * column, so a folder too old to hold one of them is refused by name rather than half imported; a
 * column added since the PGlite release takes its default.
 * Foreign keys are checked once, after every row is in, so tables may go in any order.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../tables.ts';
// The migrations' own record: each database keeps its own.
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE } from '../schema-migrations/migrate-to-latest.ts';

export interface TableCount {
  table: string;
  rows: number;
}

/** Rows a single insert writes: well under SQLite's 32,766 parameters for the widest table. */
const ROWS_A_BATCH = 200;

/** Tables of migrations after the last PGlite release (0005 on): no PGlite folder holds them. */
const TABLES_SINCE_PGLITE = new Set([
  'payments',
  'payment_events',
  'spent_proofs',
  'push_subscriptions',
]);

/**
 * PGlite's parsers, made to give what node-postgres gave the app on PGlite (kysely-over-pool.ts):
 * a day as its text, money as a string. Timestamps (Dates), booleans, JSON, arrays and bytes
 * parse as the app reads them already.
 */
const APP_VALUES = {
  [types.DATE]: (text: string) => text,
  [types.NUMERIC]: (text: string) => text,
  [types.INT8]: (text: string) => text,
};

export class PgliteFolderTooOld extends Error {
  constructor(missing: string) {
    super(
      `The PGlite data folder lacks ${missing}: it was made by a release older than this one can import. ` +
        'Start the release that made it once (it brings its schema up to date), then start this one.',
    );
    this.name = 'PgliteFolderTooOld';
  }
}

/** Opens `pgliteDir`, copies it into `target` (empty, migrated) in one transaction, and closes it. */
export async function copyPgliteTables(
  pgliteDir: string,
  target: Kysely<DB>,
): Promise<TableCount[]> {
  const pglite = new PGlite(pgliteDir);
  try {
    await pglite.waitReady;
    const tables = await tablesToCopy(pglite, target);
    const counts: TableCount[] = [];
    // Off outside a transaction (SQLite ignores the pragma inside one), back on after.
    await sql`pragma foreign_keys = off`.execute(target);
    try {
      await target.transaction().execute(async (trx) => {
        for (const { table, columns } of tables) {
          counts.push({ table, rows: await copyTable(pglite, trx, table, columns) });
        }
        const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(trx);
        if (broken.rows.length > 0) {
          const names = [...new Set(broken.rows.map((row) => row.table))].join(', ');
          throw new Error(`The imported rows of ${names} refer to rows that are not there`);
        }
      });
    } finally {
      await sql`pragma foreign_keys = on`.execute(target);
    }
    return counts;
  } finally {
    await pglite.close();
  }
}

interface TableToCopy {
  table: string;
  /** snake_case, as both databases name them. */
  columns: string[];
}

async function tablesToCopy(pglite: PGlite, target: Kysely<DB>): Promise<TableToCopy[]> {
  const present = await pglite.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  );
  const columnsOf = new Map<string, Set<string>>();
  for (const { table_name, column_name } of present.rows) {
    const columns = columnsOf.get(table_name) ?? new Set();
    columns.add(column_name);
    columnsOf.set(table_name, columns);
  }
  const tables: TableToCopy[] = [];
  const inTarget = await sql<{ name: string }>`
    select name from sqlite_schema
    where type = 'table' and name not like 'sqlite_%'
      and name not in (${MIGRATION_TABLE}, ${MIGRATION_LOCK_TABLE})
    order by name`.execute(target);
  for (const { name: table } of inTarget.rows) {
    const inPglite = columnsOf.get(table);
    // Tables made after the last PGlite release have nothing to bring.
    if (!inPglite && TABLES_SINCE_PGLITE.has(table)) continue;
    if (!inPglite) throw new PgliteFolderTooOld(`the table ${table}`);
    const inSqlite = await sql<{ name: string; notnull: number; dflt_value: string | null }>`
      select name, "notnull", dflt_value from pragma_table_info(${table})`.execute(target);
    const columns: string[] = [];
    for (const column of inSqlite.rows) {
      if (inPglite.has(column.name)) columns.push(column.name);
      // Added by a migration after the PGlite release: it takes its default, as it would have
      // there. One that needs a value of its own cannot be made up.
      else if (column.notnull && column.dflt_value === null) {
        throw new PgliteFolderTooOld(`the column ${table}.${column.name}`);
      }
    }
    tables.push({ table, columns });
  }
  return tables;
}

async function copyTable(
  pglite: PGlite,
  trx: Kysely<DB>,
  table: string,
  columns: string[],
): Promise<number> {
  const quoted = columns.map((column) => `"${column}"`).join(', ');
  const { rows } = await pglite.query<Record<string, unknown>>(
    `select ${quoted} from "${table}"`,
    [],
    { parsers: APP_VALUES },
  );
  // The rows keep PGlite's snake_case names: written past the camelCase plugin.
  const raw = trx.withoutPlugins() as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (let at = 0; at < rows.length; at += ROWS_A_BATCH) {
    await raw
      .insertInto(table)
      .values(rows.slice(at, at + ROWS_A_BATCH))
      .execute();
  }
  return rows.length;
}
