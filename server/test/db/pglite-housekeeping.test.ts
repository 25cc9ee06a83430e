/**
 * PGlite's single-user PostgreSQL has no checkpointer and no autovacuum, so the embedded database
 * does their jobs on timers of its own (db/pglite-housekeeping.ts): without them the WAL grew for
 * as long as the server ran, the planner planned with the statistics of empty tables, and no dead
 * row version was ever reclaimed.
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

describe('the embedded database', { timeout: 60_000 }, () => {
  it('checkpoints while it runs, so its WAL can be recycled', async () => {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir,
      housekeeping: { checkpointEveryMs: 200, vacuumEveryMs: 60_000 },
    });
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

  it('vacuums and analyses the tables autovacuum would, as they change', async () => {
    const database = await openDatabase({
      kind: 'pglite',
      housekeeping: { checkpointEveryMs: 60_000, vacuumEveryMs: 200 },
    });
    const tableStats = async () =>
      rowsOf<{ live: number; dead: number; estimate: number; analysed: boolean }>(
        await database.db.execute(sql`
          select n_live_tup::int as live, n_dead_tup::int as dead,
            c.reltuples::int as estimate, last_analyze is not null as analysed
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where s.relname = 'notes'`),
      )[0]!;
    try {
      await database.db.execute(sql`create table notes (id int primary key, body text)`);
      await database.db.execute(
        sql`insert into notes select g, md5(g::text) from generate_series(1, 2000) g`,
      );
      await database.db.execute(sql`update notes set body = body || '!'`);
      // Never analysed: the planner does not know the table's size (-1).
      expect(await tableStats()).toMatchObject({ estimate: -1, analysed: false });
      // It learns it, and the 2,000 old row versions are reclaimed. (PostgreSQL publishes its
      // counters at most once a second, so the first turns may see nothing to do.)
      await expect
        .poll(tableStats, { timeout: 10_000 })
        .toEqual({ live: 2000, dead: 0, estimate: 2000, analysed: true });
    } finally {
      await database.close();
    }
  });
});
