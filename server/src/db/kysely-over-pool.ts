import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import { nameFailedStatement } from './failed-statement.ts';
import type { DB } from './tables.ts';

/**
 * Kysely over the pool the app already has, on PostgreSQL and on PGlite alike (PGlite's pool
 * hands out connections of its one session, pglite-session.ts). Rows are camelCase over the
 * snake_case columns (CamelCasePlugin), as tables.ts declares them.
 */
export function kyselyOverPool(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: readingValuesAsDesigned(pool) }),
    plugins: [new CamelCasePlugin()],
    log: nameFailedStatement,
  });
}

/**
 * Where node-postgres reads a value otherwise than both engines give it (design of issue 44,
 * "Values"): a day (`date`) stays its text, 'YYYY-MM-DD', where node-postgres makes it a Date at
 * the server's local midnight. (Drizzle sets its own parsers on each of its queries.)
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.DATE
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Distinct statement texts prepared by name; past them, a text is sent unnamed (parsed and
 * planned at each run). Kysely sends every query unnamed, so PostgreSQL parsed and planned each
 * statement of each request afresh: a request's seven statements cost its backend more than the
 * rules' whole work. Named, node-postgres prepares a text once per connection and PostgreSQL
 * plans it once (then keeps a generic plan from the sixth run). The hot statements are among the
 * first a process runs; the cap keeps a process that builds many texts (lists of ids of any
 * length) from preparing without end on each of its connections.
 */
const NAMED_STATEMENTS_MAX = 300;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS_MAX) {
    name = `k${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The pool as Kysely sees it: each of its queries parsed with `types`, and prepared by name. */
function readingValuesAsDesigned(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const kyselyClient = (client: pg.PoolClient): PostgresPoolClient => ({
    // (For Kysely to cancel a query; node-postgres does not type it.)
    get processID() {
      return (client as { processID?: number }).processID;
    },
    // (Only the text form: Kysely passes a cursor only when the dialect is given one to stream.)
    query: ((text: string, values: unknown[]) =>
      client.query({
        name: statementName(text),
        text,
        values,
        types,
      })) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
  });
  return {
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = kyselyClient(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}
