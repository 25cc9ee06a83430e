import fc from 'fast-check';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_ORDERS } from '#shared/schemas/queue-order.ts';
import type { Db } from '#server/db/database.ts';
import { migrationsFolder } from '#server/db/migrations-folder.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { requestQueueRepository } from '#server/features/requests/request-queue-repository.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// Issue 44 moved the queue's positions out of SQL (renumber_queue, migrations 0014 and 0017) into
// TypeScript (features/requests/queue-positions.ts, written by queue-store.ts). The positions and
// ranks must not have changed: for any queue and order, the TypeScript renumbering leaves the rows
// as the function of migration 0017 left them, and names the same requests as moved. The oracle
// is read from 0017's file, so it is exactly what shipped, under another name.

const { app } = await startTestApp();
const { db } = app.database;

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
  order: fc.constantFrom(...QUEUE_ORDERS),
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
  queue_position: number | null;
  queue_rank: number;
}

const placed = async (tx: Db, musicianId: string) =>
  rowsOf<Placed>(
    await tx.execute(sql`
      SELECT id, queue_position, queue_rank FROM requests
      WHERE musician_id = ${musicianId} ORDER BY id`),
  );

let musician: TestMusician;
beforeAll(async () => {
  await db.execute(sql.raw(oracleStatement()));
  musician = await registerMusician(app);
});

describe("the queue's positions, in TypeScript", () => {
  it('leave every request where renumber_queue left it, for any queue and order', async () => {
    const musicianId = musician.musician.id;
    const queue = requestQueueRepository(db);
    let movedSeen = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ order, requests }) => {
        await db.execute(sql`DELETE FROM requests WHERE musician_id = ${musicianId}`);
        await db.execute(sql`UPDATE musicians SET queue_order = ${order} WHERE id = ${musicianId}`);
        for (const request of requests) {
          await db.execute(sql`
            INSERT INTO requests (musician_id, song_title, song_artist, requester_name,
              requester_email, status, blocked, queue_position, queue_rank, votes, tip_amount,
              created_at)
            VALUES (${musicianId}, 'Song', 'Band', 'Kim', 'kim@example.com', ${request.status},
              ${request.blocked}, ${request.position}, ${request.rank}, ${request.votes},
              ${request.tip}, ${new Date(BASE + request.createdMs)})`);
        }
        let expected: { rows: Placed[]; moved: string[] } | undefined;
        await db
          .transaction(async (tx) => {
            const moved = rowsOf<{ id: string }>(
              await tx.execute(sql`SELECT renumber_queue_0017(${musicianId}) AS id`),
            ).map((row) => row.id);
            expected = { rows: await placed(tx, musicianId), moved };
            tx.rollback();
          })
          .catch((err: unknown) => {
            if (!(err instanceof TransactionRollbackError)) throw err;
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
