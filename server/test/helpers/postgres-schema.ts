/**
 * Reads the schema of a PostgreSQL database's `public` schema from its catalog: exactly
 * (postgresCatalog: types, defaults and definitions as PostgreSQL deparses them) or as both
 * engines can state it (postgresLogicalSchema).
 */
import { type Kysely, sql } from 'kysely';
import { declaredTypes, type LogicalType } from '#server/db/schema-migrations/column-types.ts';
import {
  foreignKeyText,
  isMigratorTable,
  type LogicalSchema,
  type LogicalTable,
  normaliseSql,
} from './logical-schema.ts';

interface ColumnRow {
  table: string;
  column: string;
  type: string;
  notNull: boolean;
  default: string | null;
}
interface ConstraintRow {
  table: string;
  name: string;
  kind: 'p' | 'f' | 'u' | 'c';
  definition: string;
  columns: string[];
  refTable: string | null;
  refColumns: string[] | null;
  onDelete: string;
}
interface IndexRow {
  table: string;
  name: string;
  definition: string;
  unique: boolean;
  columns: string[];
  predicate: string | null;
  backsConstraint: boolean;
}

const columnNames = (relation: string, numbers: string) =>
  sql.raw(`(
  select array_agg(a.attname::text order by k.ord)
  from unnest(${numbers}) with ordinality k(num, ord)
  join pg_attribute a on a.attrelid = ${relation} and a.attnum = k.num)`);

async function readCatalog(app: Kysely<unknown>) {
  const db = app.withoutPlugins();
  const columns = await sql<ColumnRow>`
    select c.relname as "table", a.attname as "column",
      format_type(a.atttypid, a.atttypmod) as "type", a.attnotnull as "notNull",
      pg_get_expr(d.adbin, d.adrelid) as "default"
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
    order by 1, 2`.execute(db);
  const constraints = await sql<ConstraintRow>`
    select c.relname as "table", con.conname as "name", con.contype as "kind",
      pg_get_constraintdef(con.oid) as "definition",
      ${columnNames('con.conrelid', 'con.conkey')} as "columns",
      con.confrelid::regclass::text as "refTable",
      ${columnNames('con.confrelid', 'con.confkey')} as "refColumns",
      case con.confdeltype when 'c' then 'CASCADE' when 'n' then 'SET NULL'
        when 'd' then 'SET DEFAULT' when 'r' then 'RESTRICT' else 'NO ACTION' end as "onDelete"
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'
    order by 1, 2`.execute(db);
  const indexes = await sql<IndexRow>`
    select t.relname as "table", i.relname as "name",
      pg_get_indexdef(x.indexrelid) as "definition", x.indisunique as "unique",
      array(select pg_get_indexdef(x.indexrelid, k, true)
        from generate_series(1, x.indnkeyatts) k order by k) as "columns",
      pg_get_expr(x.indpred, x.indrelid) as "predicate",
      exists (select 1 from pg_constraint con where con.conindid = x.indexrelid)
        as "backsConstraint"
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public'
    order by 1, 2`.execute(db);
  const keep = <Row extends { table: string }>(rows: Row[]) =>
    rows.filter((row) => !isMigratorTable(row.table));
  return {
    columns: keep(columns.rows),
    constraints: keep(constraints.rows),
    indexes: keep(indexes.rows),
  };
}

/** Every table, column, constraint and index, as PostgreSQL states them. */
export async function postgresCatalog(db: Kysely<unknown>) {
  const { columns, constraints, indexes } = await readCatalog(db);
  return {
    columns: columns.map(
      (c) =>
        `${c.table}.${c.column} ${c.type}${c.notNull ? ' not null' : ''}${c.default === null ? '' : ` default ${c.default}`}`,
    ),
    constraints: constraints.map((c) => `${c.table}: ${c.name} ${c.definition}`),
    indexes: indexes.map((i) => i.definition),
  };
}

/** PostgreSQL's spelling of each logical type (format_type), and SQLite's declared type of it. */
const SQLITE_TYPE_OF_POSTGRES = new Map(
  (Object.keys(declaredTypes.postgres) as LogicalType[]).map((logical) => [
    declaredTypes.postgres[logical]
      .replace('timestamptz', 'timestamp with time zone')
      .replace('numeric(10, 2)', 'numeric(10,2)'),
    declaredTypes.sqlite[logical],
  ]),
);

export async function postgresLogicalSchema(db: Kysely<unknown>): Promise<LogicalSchema> {
  const { columns, constraints, indexes } = await readCatalog(db);
  const schema: LogicalSchema = {};
  const table = (name: string): LogicalTable =>
    (schema[name] ??= {
      columns: {},
      primaryKey: [],
      foreignKeys: [],
      uniqueConstraints: [],
      checks: [],
      indexes: {},
    });
  for (const c of columns) {
    table(c.table).columns[c.column] = {
      type: SQLITE_TYPE_OF_POSTGRES.get(c.type) ?? `(unmapped PostgreSQL type ${c.type})`,
      notNull: c.notNull,
      hasDefault: c.default !== null,
    };
  }
  for (const c of constraints) {
    const t = table(c.table);
    if (c.kind === 'p') t.primaryKey = c.columns;
    if (c.kind === 'f') {
      t.foreignKeys.push(foreignKeyText(c.columns, c.refTable!, c.refColumns!, c.onDelete));
    }
    if (c.kind === 'u') t.uniqueConstraints.push(c.columns.join(', '));
    if (c.kind === 'c') t.checks.push(c.name);
  }
  for (const i of indexes.filter((index) => !index.backsConstraint)) {
    table(i.table).indexes[i.name] = {
      columns: i.columns.map(normaliseSql),
      unique: i.unique,
      where: i.predicate === null ? null : normaliseSql(i.predicate),
    };
  }
  for (const t of Object.values(schema)) {
    t.foreignKeys.sort();
    t.uniqueConstraints.sort();
    t.checks.sort();
  }
  return schema;
}
