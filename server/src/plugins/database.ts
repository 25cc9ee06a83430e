import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
