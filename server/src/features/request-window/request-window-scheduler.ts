import type { DomainEvents } from '#server/events/domain-events.ts';
import { toMusician } from '#server/musicians/musician-mapper.ts';
import type { Clock } from '#server/musicians/request-window.ts';
import type { RequestWindowsRepository } from './request-windows-repository.ts';

/** setTimeout's longest delay; a later time is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export interface SchedulerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: SchedulerTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface Deps {
  windows: RequestWindowsRepository;
  events: DomainEvents;
  clock: Clock;
  log: { error(object: object, message: string): void };
  timers?: SchedulerTimers;
  /**
   * The longest wait between two looks at the database: a window set through another process
   * is seen within this time even if its profile:updated never reaches this one (the process
   * where the musician set it wakes exactly at the time, and only one announces it anyway).
   */
  recheckMs?: number;
}

/**
 * Announces each request window's switch at its time (issue 22). requests_enabled is derived
 * from the stored times whenever it is read (musicians/request-window.ts), so nothing is switched
 * here: at an open or close time, this publishes profile:updated, which every device and phone
 * hears through the realtime dispatch (and the feed as requests.toggled).
 *
 * - At start it claims every time passed while no process ran (a restart loses nothing), then
 *   sleeps until the soonest time of any musician, or recheckMs.
 * - A profile change heard on this process wakes it to look again (a new window's time).
 * - Several processes may run it: each passed time is claimed by one conditional update
 *   (request-windows-repository.ts), so the switch is published once.
 */
export function requestWindowScheduler({
  windows,
  events,
  clock,
  log,
  timers = realTimers,
  recheckMs = 60_000,
}: Deps) {
  let timer: unknown;
  let stopped = true;
  let listening = false;
  // Looks run one after another: a wake during a look runs once after it.
  let running: Promise<void> = Promise.resolve();

  function sleep(until: Date | null, now: Date) {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const untilNext = until ? Math.max(0, until.getTime() - now.getTime()) : Infinity;
    timer = timers.setTimeout(wake, Math.min(untilNext, recheckMs, LONGEST_TIMEOUT_MS));
  }

  async function look(): Promise<number> {
    const now = clock();
    const claimed = await windows.claimPassed(now);
    for (const row of claimed) {
      events.publish({
        musicianId: row.id,
        name: 'profile:updated',
        payload: toMusician(row, now),
      });
    }
    sleep(await windows.nextTime(now), now);
    return claimed.length;
  }

  function wake(): Promise<void> {
    if (stopped) return running;
    running = running.then(look).then(
      () => undefined,
      (err: unknown) => {
        log.error({ err }, 'request window scheduler failed');
        sleep(null, clock());
      },
    );
    return running;
  }

  return {
    /** Starts: announces what passed while stopped, then waits for the next time. */
    start(): Promise<void> {
      if (!stopped) return running;
      stopped = false;
      if (!listening) {
        listening = true;
        events.onEvent((event) => {
          if (event.name === 'profile:updated') void wake();
        });
      }
      return wake();
    },

    /** Looks now (tests move their clock, then call this), answering how many it announced. */
    async tick(): Promise<number> {
      await running;
      const done = running.then(look);
      running = done.then(
        () => undefined,
        () => undefined,
      );
      return done;
    },

    stop(): Promise<void> {
      stopped = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      return running;
    },
  };
}

export type RequestWindowScheduler = ReturnType<typeof requestWindowScheduler>;
