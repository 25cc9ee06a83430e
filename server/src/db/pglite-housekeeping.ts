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
 *   ever reclaimed. With 2,000 requests of one musician, renumbering the queue (by every audience
 *   request) took 31-35 ms on a nested loop the planner chose for a table it believed held two
 *   rows, and 1.5 ms after an ANALYZE; its updates had left 2,480 dead versions beside 470 live
 *   requests. Every minute, the tables autovacuum would pick (its default thresholds, read from
 *   PostgreSQL's own counters) are vacuumed and analysed, one at a time (a few ms each at that
 *   size; they hold up the database thread while they run, as one slow query would).
 *
 * Both wait for a quiet moment: a turn, once due, runs when the database has had nothing to do
 * for half a second, and in the middle of the work only once it is overdue by its whole interval.
 * A vacuum turn holds the database thread for 30-110 ms on a busy day's tables: in a 75 s rush at
 * 200 requests a second, the turn of the minute stalled one second's requests (65-67 of them over
 * 15 ms, the slowest 141-146 ms) where, waiting for the quiet, it stalled none
 * (docs/benchmarks.md). And after an ANALYZE PostgreSQL plans afresh every statement that reads
 * the table: the first audience request after one took 7-9 ms to file against 4-5 ms, so
 * `afterAnalyse` lets the server plan them again while it is still quiet.
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

/** How long the database must have had nothing to do for a turn to start. */
const QUIET_MS = 500;
const CHECK_EVERY_MS = 250;

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

export interface HousekeepingOptions {
  /** On disk: checkpoints too (a database in memory has no WAL on disk to bound). */
  onDisk: boolean;
  times?: HousekeepingTimes;
  /** How long the database has had nothing to do: 0 while a statement is in flight. */
  idleMs: () => number;
  /** After a turn that analysed tables, whose statements PostgreSQL will now plan afresh. */
  afterAnalyse?: () => Promise<unknown>;
  /** The clock, in ms (its tests' own). */
  now?: () => number;
}

/**
 * Starts the turns. A failed checkpoint (a full disk) fails the writes after it too, and those are
 * answered and logged as errors; a failed turn is tried again at the next.
 */
export function startHousekeeping(
  run: RunStatement,
  {
    onDisk,
    times = HOUSEKEEPING_TIMES,
    idleMs,
    afterAnalyse,
    now = () => performance.now(),
  }: HousekeepingOptions,
): { stop(): void } {
  const vacuum = async () => {
    const analysed = await vacuumDueTables(run);
    if (analysed.length > 0) await afterAnalyse?.();
  };
  const turns: Array<{ job: () => Promise<unknown>; everyMs: number }> = [
    { job: vacuum, everyMs: times.vacuumEveryMs },
  ];
  if (onDisk) turns.push({ job: () => run('CHECKPOINT'), everyMs: times.checkpointEveryMs });

  const scheduled = turns.map((turn) => ({ ...turn, dueAt: now() + turn.everyMs }));
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return;
      const quiet = idleMs() >= QUIET_MS;
      const turn = scheduled.find(
        ({ dueAt, everyMs }) => now() >= dueAt && (quiet || now() >= dueAt + everyMs),
      );
      if (!turn) return;
      running = true;
      void turn
        .job()
        .catch(() => {})
        .finally(() => {
          running = false;
          turn.dueAt = now() + turn.everyMs;
        });
    },
    Math.min(CHECK_EVERY_MS, ...turns.map((turn) => turn.everyMs)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
