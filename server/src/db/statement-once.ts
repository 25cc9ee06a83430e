import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';
import type { DB } from './tables.ts';

/** Where a value goes in a statement compiled once: replaced by the value of `name` at each run. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

interface Compiled {
  query: CompiledQuery;
  fill: Array<(values: object) => unknown>;
}

/**
 * A statement of the request path built and compiled on its first run, then run with new values
 * in whatever transaction is handed in (a submission's run inside its transaction). Compiled once
 * per engine instance (the adapter a Kysely instance and its transactions share), so that one
 * process may hold PostgreSQL and SQLite (the tests do).
 */
export function statementOnce<Values extends object, Row>(
  build: (db: Kysely<DB>, values: Values) => Compilable<Row>,
): (db: Kysely<DB>, values: Values) => Promise<Row[]> {
  const byEngine = new WeakMap<DialectAdapter, Compiled>();
  const compile = (db: Kysely<DB>): Compiled => {
    const slots = new Proxy({} as Values, { get: (_, name) => new Slot(String(name)) });
    const query = build(db, slots).compile();
    const fill = query.parameters.map((parameter) =>
      parameter instanceof Slot
        ? (values: object) => (values as Record<string, unknown>)[parameter.name]
        : () => parameter,
    );
    return { query, fill };
  };
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byEngine.get(adapter);
    if (!compiled) byEngine.set(adapter, (compiled = compile(db)));
    const query: CompiledQuery<Row> = {
      ...(compiled.query as CompiledQuery<Row>),
      parameters: compiled.fill.map((value) => value(values)),
    };
    return (await db.executeQuery(query)).rows;
  };
}

/**
 * A raw statement as a Compilable, for statementOnce: `sql` text compiles only with an instance.
 */
export const compilable = <Row>(
  db: Kysely<DB>,
  raw: { compile(db: Kysely<DB>): CompiledQuery<Row> },
): Compilable<Row> => ({ compile: () => raw.compile(db) });

/**
 * A statement compiled once that always runs on `db` (the hot reads outside a transaction: each
 * device's connection, each signed-in request).
 */
export function compiledOnce<Values extends object, Row>(
  db: Kysely<DB>,
  build: (values: Values) => Compilable<Row>,
): (values: Values) => Promise<Row[]> {
  const run = statementOnce((_db: Kysely<DB>, values: Values) => build(values));
  return (values) => run(db, values);
}
