import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { autovacuumWarning } from '../db/autovacuum-check.ts';
import { type Database, openDatabase, type DatabaseOptions } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Opens (and migrates) the database before routes load; closes it last on shutdown. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseOptions }) => {
    const database = await openDatabase(options.database);
    app.decorate('database', database);
    if (database.kind === 'postgres') {
      // A warning only: a start never fails for want of it.
      // Without CamelCasePlugin: the check reads its columns by their own (snake_case) names.
      const kysely = database.kysely.withoutPlugins();
      const warning = await autovacuumWarning(
        async <Row>(text: string) => (await sql.raw<Row>(text).execute(kysely)).rows,
      ).catch(() => undefined);
      if (warning) app.log.warn(warning);
    }
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
