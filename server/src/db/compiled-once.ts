import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './tables.ts';

/** Where a value goes in a statement compiled once: replaced by the value of `name` at each run. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/**
 * A statement built and compiled once, run with new values: for the hot paths (each device's
 * connection, each signed-in request), which Drizzle served with `.prepare(name)`. `build` is
 * called once with a slot standing for each value; the compiled parameters are filled from the
 * values at each run. Rows come back through the instance's plugins (CamelCasePlugin) as any
 * query's do.
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  db: Kysely<DB>,
  build: (values: Values) => Compilable<Row>,
): (values: Values) => Promise<Row[]> {
  const slots = new Proxy({} as Values, { get: (_, name) => new Slot(String(name)) });
  const compiled = build(slots).compile();
  const fill = compiled.parameters.map((parameter) =>
    parameter instanceof Slot ? (values: Values) => values[parameter.name] : () => parameter,
  );
  return async (values) => {
    const query: CompiledQuery<Row> = {
      ...compiled,
      parameters: fill.map((value) => value(values)),
    };
    return (await db.executeQuery(query)).rows;
  };
}
