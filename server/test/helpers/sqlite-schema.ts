/**
 * Reads the schema of a SQLite database as both engines can state it (logical-schema.ts):
 * through `pragma table_xinfo`, `foreign_key_list`, `index_list` and `index_xinfo`, and the SQL
 * text SQLite keeps in `sqlite_schema` for what the pragmas do not tell (check constraint names,
 * the expressions and predicates of indexes).
 */
import { type Kysely, sql } from 'kysely';
import {
  foreignKeyText,
  isMigratorTable,
  type LogicalIndex,
  type LogicalSchema,
  type LogicalTable,
  normaliseSql,
} from './logical-schema.ts';

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}
interface ForeignKeyInfo {
  id: number;
  table: string;
  from: string;
  to: string;
  on_delete: string;
}
interface IndexListEntry {
  name: string;
  unique: number;
  origin: 'c' | 'u' | 'pk';
}
interface IndexColumnInfo {
  cid: number;
  name: string | null;
  key: number;
}

const rows = async <Row>(db: Kysely<unknown>, query: ReturnType<typeof sql<Row>>) =>
  (await query.execute(db)).rows;

export async function sqliteLogicalSchema(app: Kysely<unknown>): Promise<LogicalSchema> {
  // The pragmas' own column names (dflt_value, on_delete), not the camelCase the app reads.
  const db = app.withoutPlugins();
  const tables = await rows(
    db,
    sql<{ name: string; sql: string }>`
      select name, sql from sqlite_schema where type = 'table' and name not like 'sqlite_%'
      order by name`,
  );
  const schema: LogicalSchema = {};
  for (const { name, sql: tableSql } of tables.filter((t) => !isMigratorTable(t.name))) {
    schema[name] = await readTable(db, name, tableSql);
  }
  return schema;
}

async function readTable(
  db: Kysely<unknown>,
  name: string,
  tableSql: string,
): Promise<LogicalTable> {
  const columns = await rows(db, sql<ColumnInfo>`select * from pragma_table_xinfo(${name})`);
  const foreignKeys = await rows(
    db,
    sql<ForeignKeyInfo>`select * from pragma_foreign_key_list(${name}) order by id, seq`,
  );
  const indexList = await rows(db, sql<IndexListEntry>`select * from pragma_index_list(${name})`);
  const table: LogicalTable = {
    columns: Object.fromEntries(
      columns.map((c) => [
        c.name,
        { type: c.type, notNull: c.notnull === 1, hasDefault: c.dflt_value !== null },
      ]),
    ),
    primaryKey: columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name),
    foreignKeys: [...Map.groupBy(foreignKeys, (fk) => fk.id).values()]
      .map((parts) =>
        foreignKeyText(
          parts.map((p) => p.from),
          parts[0]!.table,
          parts.map((p) => p.to),
          parts[0]!.on_delete,
        ),
      )
      .sort(),
    uniqueConstraints: [],
    // SQLite keeps a check's name only in the table's SQL text: `constraint "name" check (...)`.
    checks: [...tableSql.matchAll(/constraint\s+"?(\w+)"?\s+check/gi)].map((m) => m[1]!).sort(),
    indexes: {},
  };
  for (const entry of indexList) {
    const keyColumns = (
      await rows(db, sql<IndexColumnInfo>`select * from pragma_index_xinfo(${entry.name})`)
    ).filter((c) => c.key === 1);
    if (entry.origin === 'u') {
      table.uniqueConstraints.push(keyColumns.map((c) => c.name).join(', '));
    } else if (entry.origin === 'c') {
      table.indexes[entry.name] = await readIndex(db, entry, keyColumns);
    }
  }
  table.uniqueConstraints.sort();
  return table;
}

/**
 * An index made by CREATE INDEX. index_xinfo names each plain column; an expression (cid -2)
 * it does not spell out, so that is taken from the index's SQL text.
 */
async function readIndex(
  db: Kysely<unknown>,
  entry: IndexListEntry,
  keyColumns: IndexColumnInfo[],
): Promise<LogicalIndex> {
  const [{ sql: indexSql }] = (await rows(
    db,
    sql<{
      sql: string;
    }>`select sql from sqlite_schema where type = 'index' and name = ${entry.name}`,
  )) as [{ sql: string }];
  const { columns, where } = splitIndexSql(indexSql);
  if (columns.length !== keyColumns.length) {
    throw new Error(`index ${entry.name}: its SQL and index_xinfo disagree on its columns`);
  }
  return {
    columns: keyColumns.map((c, i) => normaliseSql(c.cid === -2 ? columns[i]! : c.name!)),
    unique: entry.unique === 1,
    where: where === null ? null : normaliseSql(where),
  };
}

/** `create [unique] index "n" on "t" (a, lower("b"), c) [where ...]` into its parts. */
function splitIndexSql(text: string): { columns: string[]; where: string | null } {
  const start = text.indexOf('(');
  const columns: string[] = [];
  let depth = 0;
  let current = '';
  let end = start;
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i]!;
    if (char === '(') depth++;
    if (char === ')' && depth-- === 0) {
      end = i;
      break;
    }
    if (char === ',' && depth === 0) {
      columns.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  columns.push(current.trim());
  const rest = text.slice(end + 1).trim();
  return { columns, where: /^where\s/i.test(rest) ? rest.replace(/^where\s+/i, '') : null };
}
