/**
 * Vitest's globalSetup for the PGlite suite: one migrated database, dumped once a run, that every
 * in-memory test database is loaded from (test-database.ts), in place of an initdb per database
 * (2-3 s of CPU each, for about 150 databases a run). The migrations themselves still run from
 * nothing here, and on every PostgreSQL test database.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped data folder of a migrated embedded database. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const file = join(tmpdir(), `songreq-pglite-template-${process.pid}.tar`);
  const script = join(import.meta.dirname, 'pglite-template-create.ts');
  await promisify(execFile)(process.execPath, [script, file]);
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
