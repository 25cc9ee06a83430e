import { describe, expect, it } from 'vitest';
import { importLock } from '#server/features/song-import/import-lock.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();
const onPostgres = process.env.TEST_DB === 'postgres';

/** A work that runs until `finish` is called, and says when it has started. */
function heldWork() {
  let finish!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const work = () =>
    new Promise<string>((resolve) => {
      started();
      finish = () => resolve('first');
    });
  return { work, running, finish: () => finish() };
}

describe('one import at a time per musician', () => {
  it('in one process: a second import of the musician is refused while the first runs', async () => {
    const musician = await registerMusician(app);
    const run = importLock(app.database.kysely);
    const held = heldWork();
    const first = run(musician.musician.id, held.work);
    await held.running;
    expect(await run(musician.musician.id, async () => 'second')).toEqual({ ran: false });
    const other = await registerMusician(app);
    expect(await run(other.musician.id, async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    });
    held.finish();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await run(musician.musician.id, async () => 'next')).toEqual({
      ran: true,
      value: 'next',
    });
  });

  it.runIf(onPostgres)(
    'across processes sharing PostgreSQL: the other process is refused too',
    async () => {
      const musician = await registerMusician(app);
      // Two locks on one database: two server processes, each with its own set of imports.
      const processA = importLock(app.database.kysely);
      const processB = importLock(app.database.kysely);
      const held = heldWork();
      const first = processA(musician.musician.id, held.work);
      await held.running;
      expect(await processB(musician.musician.id, async () => 'second')).toEqual({ ran: false });
      held.finish();
      expect(await first).toEqual({ ran: true, value: 'first' });
      // Freed with the import: the other process may import now.
      expect(await processB(musician.musician.id, async () => 'next')).toEqual({
        ran: true,
        value: 'next',
      });
    },
  );
});
