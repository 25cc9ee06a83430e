import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { autovacuumWarning } from '../db/autovacuum-check.ts';
import { type Database, openDatabase, type DatabaseOptions } from '../db/database.ts';
import { rowsOf } from '../db/rows-of.ts';

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
      const warning = await autovacuumWarning(async <Row>(text: string) =>
        rowsOf<Row>(await database.db.execute(sql.raw(text))),
      ).catch(() => undefined);
      if (warning) app.log.warn(warning);
    }
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
