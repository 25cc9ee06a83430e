/**
 * A schema as both engines can state it: what the migrations promise to make the same on
 * SQLite and PostgreSQL. Column types are SQLite's declared types (a PostgreSQL type is mapped
 * through column-types.ts), constraint names only where SQLite keeps them (checks, indexes).
 */
export interface LogicalColumn {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

export interface LogicalIndex {
  /** Columns and expressions, normalised (normaliseSql). */
  columns: string[];
  unique: boolean;
  /** The partial index's predicate, normalised; null for a whole-table index. */
  where: string | null;
}

export interface LogicalTable {
  columns: Record<string, LogicalColumn>;
  primaryKey: string[];
  /** `columns -> table(columns) on delete RULE`, sorted. */
  foreignKeys: string[];
  /** Each UNIQUE constraint's columns (`a, b`), sorted; unique indexes are in `indexes`. */
  uniqueConstraints: string[];
  /** Check constraint names, sorted. */
  checks: string[];
  /** Indexes made by CREATE INDEX (not those behind a primary key or unique constraint). */
  indexes: Record<string, LogicalIndex>;
}

export type LogicalSchema = Record<string, LogicalTable>;

/** Kysely's migrator's own tables: bookkeeping, not the schema. */
export const isMigratorTable = (name: string) => name.startsWith('schema_migrations');

/**
 * SQL of an index column or predicate in one spelling for both engines: PostgreSQL deparses
 * `status IN ('a', 'b')` to `(status = ANY (ARRAY['a'::text, 'b'::text]))` and quotes some
 * names; SQLite keeps the text as written.
 */
export function normaliseSql(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('::text', '')
    .replace(/=\s*any\s*\(\s*array\[(.*?)\]\s*\)/g, 'in ($1)')
    .replace(/["()\s]/g, '');
}

export const foreignKeyText = (
  columns: string[],
  refTable: string,
  refColumns: string[],
  onDelete: string,
) => `${columns.join(', ')} -> ${refTable}(${refColumns.join(', ')}) on delete ${onDelete}`;
