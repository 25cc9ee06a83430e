/**
 * PGlite's single-user PostgreSQL has no checkpointer and no autovacuum, so the embedded database
 * does their jobs on timers of its own (db/pglite-housekeeping.ts): without them the WAL grew for
 * as long as the server ran, the planner planned with the statistics of empty tables, and no dead
 * row version was ever reclaimed.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.ts';
import { startHousekeeping } from '#server/db/pglite-housekeeping.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { removeDataDir } from '../helpers/remove-data-dir.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'songreq-checkpoint-'));
afterAll(() => removeDataDir(dataDir));

const redoPoint = async (database: Database) =>
  rowsOf<{ redo_lsn: string }>(
    await database.db.execute(sql`select redo_lsn::text from pg_control_checkpoint()`),
  )[0]!.redo_lsn;

/**
 * The turns' timing, on the test's clock: the statements are recorded, not run, and the
 * database's idleness is the test's to set.
 */
describe('housekeeping turns', () => {
  const MINUTE = 60_000;
  let clock: number;
  let idle: number;
  let ran: string[];
  let analysedTables: Array<{ name: string; vacuum: boolean }>;
  let planned: number;
  let housekeeping: { stop(): void };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    clock = 0;
    idle = 0;
    ran = [];
    analysedTables = [];
    planned = 0;
    housekeeping = startHousekeeping(
      async <Row>(text: string) => {
        ran.push(text.includes('pg_stat_user_tables') ? 'which tables' : text);
        return (text.includes('pg_stat_user_tables') ? analysedTables : []) as Row[];
      },
      {
        onDisk: true,
        times: { vacuumEveryMs: MINUTE, checkpointEveryMs: 5 * MINUTE },
        idleMs: () => idle,
        afterAnalyse: async () => void planned++,
        now: () => clock,
      },
    );
  });

  afterEach(() => {
    housekeeping.stop();
    vi.useRealTimers();
  });

  /** `ms` pass on the clock, the timers firing as they come, each turn's statements settling. */
  async function pass(ms: number) {
    for (const end = clock + ms; clock < end;) {
      clock += 250;
      await vi.advanceTimersByTimeAsync(250);
    }
  }

  it('waits for a quiet half second to vacuum, rather than stall the requests of a rush', async () => {
    analysedTables = [{ name: 'public.requests', vacuum: true }];
    await pass(MINUTE + 30_000);
    expect(ran).toEqual([]);
    idle = 400;
    await pass(1000);
    expect(ran).toEqual([]);
    idle = 500;
    await pass(250);
    expect(ran).toEqual(['which tables', 'VACUUM (ANALYZE) public.requests']);
    // The tables' statistics changed: the statements reading them are planned again at once.
    expect(planned).toBe(1);
    // The next turn is a minute after this one.
    ran = [];
    await pass(MINUTE - 500);
    expect(ran).toEqual([]);
    await pass(500);
    expect(ran).toEqual(['which tables', 'VACUUM (ANALYZE) public.requests']);
  });

  it('runs in the middle of the work once overdue by a whole interval, as statistics matter most then', async () => {
    await pass(2 * MINUTE - 250);
    expect(ran).toEqual([]);
    await pass(250);
    expect(ran).toEqual(['which tables']);
    // Nothing was analysed: nothing to plan again.
    expect(planned).toBe(0);
    // The checkpoint too, ten minutes in at the latest (a turn at a time: the vacuum, due at the
    // same moment, goes first).
    await pass(8 * MINUTE + 250);
    expect(ran).toContain('CHECKPOINT');
  });

  it('checkpoints in a quiet moment once one is due', async () => {
    idle = 10_000;
    await pass(5 * MINUTE + 250);
    expect(ran.filter((text) => text === 'CHECKPOINT')).toHaveLength(1);
  });
});

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
    let analysedTurns = 0;
    database.onTablesAnalysed(async () => void analysedTurns++);
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
      // And the server heard of it, to plan its statements again.
      await expect.poll(() => analysedTurns).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
