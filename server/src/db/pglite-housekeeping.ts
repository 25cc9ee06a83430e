/**
 * PGlite runs PostgreSQL as a single-user backend: it has neither a checkpointer nor autovacuum.
 * This does their jobs on timers of its own.
 *
 * - Checkpoints: left alone PGlite never checkpoints while it runs, so its WAL grew with every
 *   request for as long as the server ran (67 MB after 24,000 small inserts) and a restart would
 *   replay all of it. Every 5 minutes, as PostgreSQL's checkpoint_timeout does, a checkpoint lets
 *   the WAL be recycled (8-23 ms here).
 * - Vacuum and analyze: left alone no table is ever analysed, so the planner keeps planning with
 *   the statistics of the empty tables the database started with, and no dead row version is
 *   ever reclaimed. With 2,000 requests of one musician, renumber_queue (run by every audience
 *   request) took 31-35 ms on a nested loop the planner chose for a table it believed held two
 *   rows, and 1.5 ms after an ANALYZE; its updates had left 2,480 dead versions beside 470 live
 *   requests. Every minute, the tables autovacuum would pick (its default thresholds, read from
 *   PostgreSQL's own counters) are vacuumed and analysed, one at a time (a few ms each at that
 *   size; they hold up the database thread while they run, as one slow query would).
 */

/** Runs one statement outside any transaction; resolves with its rows. */
export type RunStatement = <Row>(text: string) => Promise<Row[]>;

export interface HousekeepingTimes {
  checkpointEveryMs: number;
  vacuumEveryMs: number;
}

export const HOUSEKEEPING_TIMES: HousekeepingTimes = {
  checkpointEveryMs: 5 * 60_000,
  vacuumEveryMs: 60_000,
};

/**
 * autovacuum's defaults: vacuum a table once 50 rows + 20 % of it are dead, analyse it once 50
 * rows + 10 % of it changed since it last was.
 */
const TABLES_DUE = `
  SELECT format('%I.%I', schemaname, relname) AS name,
    n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum
  FROM pg_stat_user_tables
  WHERE n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup`;

/** Vacuums and analyses every table autovacuum would have picked by now. */
export async function vacuumDueTables(run: RunStatement): Promise<string[]> {
  const due = await run<{ name: string; vacuum: boolean }>(TABLES_DUE);
  for (const table of due) {
    await run(table.vacuum ? `VACUUM (ANALYZE) ${table.name}` : `ANALYZE ${table.name}`);
  }
  return due.map((table) => table.name);
}

/**
 * Starts both timers (a database in memory has no WAL on disk to bound, so no checkpoints). A
 * failed checkpoint (a full disk) fails the writes after it too, and those are answered and
 * logged as errors; a failed vacuum is tried again at the next turn.
 */
export function startHousekeeping(
  run: RunStatement,
  { onDisk, times = HOUSEKEEPING_TIMES }: { onDisk: boolean; times?: HousekeepingTimes },
): { stop(): void } {
  const timers = [
    setInterval(() => void vacuumDueTables(run).catch(() => {}), times.vacuumEveryMs),
  ];
  if (onDisk) {
    timers.push(setInterval(() => void run('CHECKPOINT').catch(() => {}), times.checkpointEveryMs));
  }
  for (const timer of timers) timer.unref();
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
}
