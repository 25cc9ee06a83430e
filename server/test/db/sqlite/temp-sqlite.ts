/** Real SQLite files in a temp folder of each test file's own, removed after it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll } from 'vitest';
import { openSqlite, type CommitMode } from '#server/db/sqlite/open-sqlite.ts';
import { createSqliteKysely } from '#server/db/sqlite/sqlite-kysely.ts';

export function tempSqliteFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'songreq-sqlite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let counter = 0;

/** A new database file in `dir` behind Kysely; the caller destroys it. */
export function tempKysely<DB>(
  dir: string,
  commits: CommitMode = 'group',
): { db: Kysely<DB>; file: string } {
  counter += 1;
  const file = join(dir, `test-${counter}.sqlite`);
  return { db: createSqliteKysely<DB>({ engine: openSqlite({ file, commits }) }), file };
}
