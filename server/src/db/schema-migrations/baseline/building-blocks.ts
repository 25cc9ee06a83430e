/**
 * The pieces every table of the baseline repeats, for one engine. The constraint names are the
 * ones Drizzle gave the same constraints (`<table>_<column>_<table>_<column>_fk`, `<table>_pkey`,
 * `..._pk`), so a PostgreSQL database made by Drizzle's migrations and one made by these hold the
 * same names, and a later migration can drop or replace a constraint by name on either.
 */
import {
  type ColumnDefinitionBuilder,
  type CreateIndexBuilder,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
  sql,
} from 'kysely';
import { type ColumnTypes, columnTypes, type Dialect } from '../column-types.ts';

// The migrations build tables whose rows no code reads through them: any column names will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SchemaDb = Kysely<any>;
type Table = CreateTableBuilder<string, string>;
type Column = ColumnDefinitionBuilder;
type OnDelete = 'cascade' | 'set null';

export interface BuildingBlocks {
  dialect: Dialect;
  types: ColumnTypes;
  /** `id`: a random uuid primary key. */
  id: (table: Table) => Table;
  /** A required timestamp whose default is the time of the insert. */
  timeOfInsert: (name: 'created_at' | 'updated_at' | 'date') => (table: Table) => Table;
  /** A uuid column referencing `refTable`(id), under Drizzle's name for the foreign key. */
  reference: (
    table: string,
    column: string,
    refTable: string,
    onDelete: OnDelete,
    required?: boolean,
  ) => (builder: Table) => Table;
  /** An index builder: add `.unique()`, `.where(...)`, then `.execute()`. */
  index: (name: string, table: string, columns: (string | Expression<unknown>)[]) => IndexBuilder;
}

type IndexBuilder = CreateIndexBuilder<string>;

export const required = (column: Column) => column.notNull();
/** A text column that is '' until set. */
export const blank = (column: Column) => column.notNull().defaultTo('');
/** A boolean setting, required, with its default. */
export const flag = (value: boolean) => (column: Column) => column.notNull().defaultTo(value);

export function buildingBlocks(db: SchemaDb, dialect: Dialect): BuildingBlocks {
  const types = columnTypes(dialect);
  return {
    dialect,
    types,
    // NOT NULL spelt out: SQLite lets a primary key other than an INTEGER one hold nulls.
    id: (table) =>
      table.addColumn('id', types.type('id'), (c) =>
        c.primaryKey().notNull().defaultTo(types.newId),
      ),
    timeOfInsert: (name) => (table) =>
      table.addColumn(name, types.type('timestamp'), (c) => c.notNull().defaultTo(types.now)),
    reference:
      (table, column, refTable, onDelete, isRequired = true) =>
      (builder) =>
        builder
          .addColumn(column, types.type('id'), (c) => (isRequired ? c.notNull() : c))
          .addForeignKeyConstraint(
            `${table}_${column}_${refTable}_id_fk`,
            [column],
            refTable,
            ['id'],
            (fk) => fk.onDelete(onDelete),
          ),
    index: (name, table, columns) => db.schema.createIndex(name).on(table).columns(columns),
  };
}

/** `lower(column)`: the expression of the indexes that find an email whatever its case. */
export const lower = (column: string) => sql`lower(${sql.ref(column)})`;
