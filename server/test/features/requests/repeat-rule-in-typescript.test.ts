import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzleMigrationsFolder as migrationsFolder } from '#server-test/helpers/drizzle-migrations.ts';
import { mergeTarget } from '#server/submissions/merge-target.ts';
import { admissionState } from '#server/features/requests/submission-reads.ts';
import { heldBackAt } from '#server/submissions/repeat-rule.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// Issue 44 moved the no-repeats rule out of SQL (song_held_back_at, migrations 0016 to 0019) into
// TypeScript (submissions/repeat-rule.ts), asked with the rows a request's admission reads
// (features/requests/submission-reads.ts). The rule must not have changed: for any musician's
// rule, running show and requests, the admission's read and the rule answer what the SQL function
// of migration 0018 answered. The oracle is read from 0018's file, so it is exactly what shipped,
// under another name.

const { app } = await startTestApp();
const db = app.database.kysely;

const STATUSES = ['pending', 'accepted', 'up_next', 'played', 'rejected'] as const;

const scenario = fc.record({
  rule: fc.constantFrom('allow', 'show', 'hours'),
  hours: fc.integer({ min: 1, max: 6 }),
  running: fc.boolean(),
  requests: fc.array(
    fc.record({
      song: fc.oneof(
        { arbitrary: fc.constant(0), weight: 3 },
        { arbitrary: fc.constant(1), weight: 1 },
      ),
      // Leaning to what the rule holds back (played, not blocked, in the running show), so that
      // the cases meet it often, not only its NULLs.
      status: fc.oneof(
        { arbitrary: fc.constant('played' as const), weight: 4 },
        { arbitrary: fc.constantFrom(...STATUSES), weight: 5 },
      ),
      blocked: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
      show: fc.oneof(
        { arbitrary: fc.constant('running' as const), weight: 3 },
        { arbitrary: fc.constantFrom('stopped' as const, 'none' as const), weight: 2 },
      ),
      playedMinutesAgo: fc.integer({ min: 0, max: 8 * 60 }),
    }),
    { maxLength: 6 },
  ),
});

/** Migration 0018's definition of the rule, renamed held_back_0018. */
function oracleStatement(): string {
  const migration = readFileSync(
    join(migrationsFolder, '0018_helpers_keep_their_plans.sql'),
    'utf8',
  );
  const definition = migration
    .split('--> statement-breakpoint')
    .find((statement) => statement.includes('FUNCTION song_held_back_at('));
  if (!definition) throw new Error('migration 0018 no longer defines song_held_back_at');
  return definition.replace('OR REPLACE FUNCTION song_held_back_at(', 'FUNCTION held_back_0018(');
}

let musician: TestMusician;
let songIds: string[];
let stoppedShow: string;

beforeAll(async () => {
  await sql.raw(oracleStatement()).execute(db);
  musician = await registerMusician(app);
  songIds = [
    (await createSong(app, musician, { title: 'Wonderwall' })).id,
    (await createSong(app, musician, { title: 'Creep' })).id,
  ];
  const show = await db
    .insertInto('shows')
    .values({ musicianId: musician.musician.id, name: 'Last week', status: 'stopped' })
    .returning('id')
    .executeTakeFirstOrThrow();
  stoppedShow = show.id;
});

describe('the no-repeats rule, in TypeScript', () => {
  it('answers as the SQL function it replaced, for any rule, show and requests', async () => {
    const musicianId = musician.musician.id;
    let heldBack = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ rule, hours, running, requests }) => {
        await db.deleteFrom('requests').where('musicianId', '=', musicianId).execute();
        await db
          .deleteFrom('shows')
          .where('musicianId', '=', musicianId)
          .where('status', '=', 'active')
          .execute();
        await db
          .updateTable('musicians')
          .set({ repeatRule: rule, repeatHours: hours })
          .where('id', '=', musicianId)
          .execute();
        const runningShow = running
          ? (
              await db
                .insertInto('shows')
                .values({ musicianId, name: 'Tonight' })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id
          : null;
        for (const request of requests) {
          const showId = { running: runningShow, stopped: stoppedShow, none: null }[request.show];
          const playedAt =
            request.status === 'played'
              ? new Date(Date.now() - request.playedMinutesAgo * 60_000)
              : null;
          await db
            .insertInto('requests')
            .values({
              musicianId,
              songId: songIds[request.song]!,
              showId,
              songTitle: 'Song',
              songArtist: 'Artist',
              requesterName: 'Kim',
              requesterEmail: 'kim@example.com',
              status: request.status,
              blocked: request.blocked,
              playedAt,
            })
            .execute();
        }
        const answers = [];
        for (const songId of songIds) {
          const {
            rows: [oracle],
          } = await sql<{
            old: Date | string | null;
          }>`SELECT held_back_0018(${musicianId}, ${songId}) AS old`.execute(db);
          const now = new Date();
          const state = (await admissionState(db, {
            musicianId,
            songId,
            requesterName: 'Lee',
            requesterEmail: 'lee@example.com',
            dedication: '',
            tipAmount: 0,
            deviceId: '',
            idempotencyKey: null,
            statusTokenHash: 'hash',
            source: 'source',
            now,
            limits: {
              perRequester: { max: 3, windowMinutes: 60 },
              perMusicianPerMinute: 1000,
              perAddressPerMinute: 400,
              votesPerAddress: 30,
            },
          }))!;
          const held = heldBackAt(
            {
              rule: state.musician.repeatRule,
              hours: state.musician.repeatHours,
              runningShowId: state.runningShowId,
            },
            {
              ...state.plays,
              waitsInRunningShow: mergeTarget(state.waiting, state.runningShowId) !== undefined,
            },
            now,
          );
          const old = oracle!.old === null ? null : new Date(oracle!.old).getTime();
          answers.push({ old, new: held?.getTime() ?? null });
        }
        for (const answer of answers) expect(answer.new).toBe(answer.old);
        heldBack += answers.filter((answer) => answer.old !== null).length;
      }),
      { numRuns: 300 },
    );
    // The cases met the rule holding songs back, not only answering NULL.
    expect(heldBack).toBeGreaterThan(10);
    // 300 cases of real writes and reads on PostgreSQL: a few seconds alone, far more on a
    // machine busy with other suites; the limit is for a hang, not for speed.
  }, 90_000);
});
