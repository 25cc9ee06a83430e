import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Musician } from '#shared/schemas/musician.ts';
import { openDatabase, type Database } from '#server/db/database.ts';
import { domainEvents, type DomainEvent } from '#server/events/domain-events.ts';
import { musiciansRepository } from '#server/musicians/musicians-repository.ts';
import {
  requestWindowScheduler,
  type SchedulerTimers,
} from '#server/features/request-window/request-window-scheduler.ts';
import { requestWindowsRepository } from '#server/features/request-window/request-windows-repository.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { createTestDatabase, openTestDatabase } from '#server-test/helpers/test-database.ts';
import { has } from '#server-test/helpers/requirements.ts';

const at = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00.000Z`);

// One database for the file (each test's musicians are its own; their times never overlap).
const database = await openTestDatabase();

/** Timers the test fires by hand: it sees what the scheduler waits for, and nothing sleeps. */
function fakeTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: SchedulerTimers = {
    setTimeout: (callback, ms) => {
      pending.set(++next, { callback, ms });
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    /** The one wait the scheduler set, in ms. */
    waiting: () => [...pending.values()].map((timer) => timer.ms),
    fire() {
      const [first] = [...pending.entries()];
      if (!first) throw new Error('no timer set');
      pending.delete(first[0]);
      first[1].callback();
    },
  };
}

function schedulerOn(database: Database, clock: () => Date, timers?: SchedulerTimers) {
  const events = domainEvents();
  const published: DomainEvent[] = [];
  events.onEvent((event) => published.push(event));
  const scheduler = requestWindowScheduler({
    windows: requestWindowsRepository(database.kysely),
    events,
    clock,
    log: { error: () => {} },
    timers,
  });
  cleanUpLater(() => scheduler.stop());
  return { scheduler, events, published };
}

async function musicianWithWindow(database: Database, open: Date | null, close: Date | null) {
  const musicians = musiciansRepository(database.kysely);
  const id = randomUUID().slice(0, 8);
  const row = await musicians.insert({
    name: 'Window Band',
    email: `window-${id}@example.com`,
    slug: `window-${id}`,
    passwordHash: 'x',
  });
  await musicians.update(row.id, { requestsOpenAt: open, requestsCloseAt: close });
  return row.id;
}

const switches = (published: DomainEvent[], musicianId: string) =>
  published
    .filter((event) => event.musicianId === musicianId && event.name === 'profile:updated')
    .map((event) => (event.payload as Musician).requests_enabled);

describe('the request window scheduler', () => {
  it('sleeps until the next time, then announces the switch once', async () => {
    let now = at('20:00');
    const timers = fakeTimers();
    const { scheduler, published } = schedulerOn(database, () => now, timers.timers);
    const musicianId = await musicianWithWindow(database, at('20:00'), at('20:10'));

    await scheduler.start();
    // 20:00 (the open) has passed: announced at start; it waits for 20:10, at most a minute.
    expect(switches(published, musicianId)).toEqual([true]);
    expect(timers.waiting()).toEqual([60_000]);

    now = new Date('2026-11-25T20:09:30.000Z');
    await scheduler.tick();
    expect(switches(published, musicianId)).toEqual([true]);
    expect(timers.waiting()).toEqual([30_000]);

    now = at('20:10');
    timers.fire();
    await scheduler.tick();
    expect(switches(published, musicianId)).toEqual([true, false]);
    // Nothing left for anyone: it looks again within a minute.
    await scheduler.tick();
    expect(switches(published, musicianId)).toEqual([true, false]);
  });

  it('after a restart, announces a time passed while no process ran', async () => {
    const musicianId = await musicianWithWindow(database, null, at('21:00'));
    const before = schedulerOn(database, () => at('20:30'), fakeTimers().timers);
    await before.scheduler.start();
    expect(switches(before.published, musicianId)).toEqual([]);
    await before.scheduler.stop();

    // Down from 20:30 to 21:15: the next process announces the close as it starts.
    const after = schedulerOn(database, () => at('21:15'), fakeTimers().timers);
    await after.scheduler.start();
    expect(switches(after.published, musicianId)).toEqual([false]);
  });

  it('does not announce a time the profile change itself told', async () => {
    const musicians = musiciansRepository(database.kysely);
    const musicianId = await musicianWithWindow(database, null, at('20:00'));
    // What profile-service does when the close it saves is already past.
    await musicians.update(musicianId, { requestsWindowAnnouncedAt: at('20:00') });
    const { scheduler, published } = schedulerOn(database, () => at('20:05'), fakeTimers().timers);
    expect(await scheduler.tick()).toBe(0);
    expect(switches(published, musicianId)).toEqual([]);
  });
});

// Two processes: two connection pools on one PostgreSQL database, each with its own scheduler
// and event bus, both waking at the close.
describe.runIf(has.postgres)('two processes at the same close', () => {
  it('publish it once between them', async () => {
    const testDb = await createTestDatabase({ kind: 'postgres' });
    const first = await openDatabase(testDb.options);
    const second = await openDatabase(testDb.options);
    cleanUpLater(async () => {
      await first.close();
      await second.close();
      await testDb.drop();
    });
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await musicianWithWindow(first, null, at('22:00')));
    const clock = () => at('22:00');
    const a = schedulerOn(first, clock);
    const b = schedulerOn(second, clock);

    const [fromA, fromB] = await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    expect(fromA + fromB).toBe(20);
    for (const id of ids) {
      const all = [...switches(a.published, id), ...switches(b.published, id)];
      expect(all).toEqual([false]);
    }
  });
});
