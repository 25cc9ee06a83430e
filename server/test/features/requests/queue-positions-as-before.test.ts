import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_ORDERS } from '#shared/schemas/queue-order.ts';
import { drizzleMigrationsFolder as migrationsFolder } from '#server-test/helpers/drizzle-migrations.ts';
import type { DB } from '#server/db/tables.ts';
import { requestQueueRepository } from '#server/features/requests/request-queue-repository.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// Issue 44 moved the queue's positions out of SQL (renumber_queue, migrations 0014 and 0017) into
// TypeScript (features/requests/queue-positions.ts, written by queue-store.ts). The positions and
// ranks must not have changed: for any queue and order, the TypeScript renumbering leaves the rows
// as the function of migration 0017 left them, and names the same requests as moved. The oracle
// is read from 0017's file, so it is exactly what shipped, under another name.

const { app } = await startTestApp();
const db = app.database.kysely;

/** Migration 0017's renumber_queue, renamed renumber_queue_0017. */
function oracleStatement(): string {
  const migration = readFileSync(
    join(migrationsFolder, '0017_submission_in_one_statement.sql'),
    'utf8',
  );
  const definition = migration
    .split('--> statement-breakpoint')
    .find((statement) => statement.includes('FUNCTION renumber_queue('));
  if (!definition) throw new Error('migration 0017 no longer defines renumber_queue');
  const start = definition.indexOf('CREATE OR REPLACE FUNCTION renumber_queue(');
  return definition
    .slice(start)
    .replace('FUNCTION renumber_queue(', 'FUNCTION renumber_queue_0017(');
}

const STATUSES = ['pending', 'accepted', 'up_next', 'played', 'rejected'] as const;
const BASE = Date.UTC(2026, 10, 28, 20, 0, 0);

const scenario = fc.record({
  // 'fair' came after the SQL function: queue-positions.test.ts and fair-turns.test.ts hold it.
  order: fc.constantFrom(...QUEUE_ORDERS.filter((order) => order !== 'fair')),
  requests: fc.array(
    fc.record({
      status: fc.constantFrom(...STATUSES),
      blocked: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      position: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
      rank: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant(BASE / 1000 + 5)),
      votes: fc.integer({ min: 1, max: 3 }),
      tip: fc.constantFrom(0, 2.5, 10),
      // Requests of the same millisecond are ordered by id, by both.
      createdMs: fc.integer({ min: 0, max: 3 }),
    }),
    { maxLength: 8 },
  ),
});

interface Placed {
  id: string;
  queuePosition: number | null;
  queueRank: number;
}

const placed = async (tx: Kysely<DB>, musicianId: string): Promise<Placed[]> =>
  tx
    .selectFrom('requests')
    .select(['id', 'queuePosition', 'queueRank'])
    .where('musicianId', '=', musicianId)
    .orderBy('id')
    .execute();

/** Thrown to end the oracle's transaction without keeping what it wrote. */
class RolledBack extends Error {}

let musician: TestMusician;
beforeAll(async () => {
  await sql.raw(oracleStatement()).execute(db);
  musician = await registerMusician(app);
});

describe("the queue's positions, in TypeScript", () => {
  it('leave every request where renumber_queue left it, for any queue and order', async () => {
    const musicianId = musician.musician.id;
    const queue = requestQueueRepository(db);
    let movedSeen = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ order, requests }) => {
        await db.deleteFrom('requests').where('musicianId', '=', musicianId).execute();
        await db
          .updateTable('musicians')
          .set({ queueOrder: order })
          .where('id', '=', musicianId)
          .execute();
        for (const request of requests) {
          await db
            .insertInto('requests')
            .values({
              musicianId,
              songTitle: 'Song',
              songArtist: 'Band',
              requesterName: 'Kim',
              requesterEmail: 'kim@example.com',
              status: request.status,
              blocked: request.blocked,
              queuePosition: request.position,
              queueRank: request.rank,
              votes: request.votes,
              // The oracle orders by tip_amount; the queue now by the money that arrived
              // (issue 45): the same amount in both, so both orders must agree.
              tipAmount: request.tip,
              tipReceived: request.tip,
              createdAt: new Date(BASE + request.createdMs),
            })
            .execute();
        }
        let expected: { rows: Placed[]; moved: string[] } | undefined;
        await db
          .transaction()
          .execute(async (tx) => {
            const { rows } = await sql<{
              id: string;
            }>`SELECT renumber_queue_0017(${musicianId}) AS id`.execute(tx);
            expected = { rows: await placed(tx, musicianId), moved: rows.map((row) => row.id) };
            throw new RolledBack();
          })
          .catch((err: unknown) => {
            if (!(err instanceof RolledBack)) throw err;
          });
        const moved = await queue.renumber(musicianId);
        expect(await placed(db, musicianId)).toEqual(expected!.rows);
        expect([...moved].sort()).toEqual([...expected!.moved].sort());
        movedSeen += moved.length;
      }),
      { numRuns: 150 },
    );
    // The cases moved requests, not only left queues alone.
    expect(movedSeen).toBeGreaterThan(50);
  });
});
