/**
 * Vitest's globalSetup for the PostgreSQL suite: one database migrated once a run, that every
 * test database is created from (`CREATE DATABASE ... TEMPLATE`, test-database.ts), in place of
 * running every migration on each (880 ms a database, against 310 ms for a copy). The migrations
 * still run from nothing here, and then again, finding nothing to do, on every test database.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/database.ts';
import { databaseUrl, withAdmin } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every PostgreSQL test database is a copy of. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the PostgreSQL suite needs TEST_DATABASE_URL');
  const name = `songreq_template_${process.pid}`;
  const drop = () =>
    withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await drop();
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name) });
  // A template must have no connections when a database is created from it.
  await database.close();
  project.provide('postgresTemplate', name);
  return drop;
}
