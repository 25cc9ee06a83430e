import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, openDatabase, type DatabaseOptions } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * Opens (and migrates) the database before routes load, importing a data folder of a release
 * before SQLite on the way (logged); closes it last on shutdown.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseOptions }) => {
    const database = await openDatabase(options.database, {
      info: (details, message) => app.log.info(details, message),
      warn: (details, message) => app.log.warn(details, message),
    });
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
