/**
 * PGlite's single-user PostgreSQL has no checkpointer, so the embedded database checkpoints on a
 * timer of its own: without it the WAL grew for as long as the server ran.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.ts';
import { rowsOf } from '#server/db/rows-of.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'songreq-checkpoint-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const redoPoint = async (database: Database) =>
  rowsOf<{ redo_lsn: string }>(
    await database.db.execute(sql`select redo_lsn::text from pg_control_checkpoint()`),
  )[0]!.redo_lsn;

describe('the embedded database on disk', { timeout: 60_000 }, () => {
  it('checkpoints while it runs, so its WAL can be recycled', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir, checkpointEveryMs: 200 });
    try {
      const before = await redoPoint(database);
      await database.db.execute(
        sql`create table notes as select g, md5(g::text) from generate_series(1, 5000) g`,
      );
      // A checkpoint's redo point is where recovery would start: it moves past the writes.
      await expect.poll(() => redoPoint(database), { timeout: 10_000 }).not.toBe(before);
    } finally {
      await database.close();
    }
  });
});
