/**
 * The statements the route tests run on the database directly (issue 44 moved them from Drizzle
 * to Kysely): the factories' design, the analytics and insights seeds, a tip's stored amount.
 * The route tests run them on PGlite and PostgreSQL; this runs the same helpers on SQLite, where
 * those tests will run too, and checks what they leave behind.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { localDateTime } from '#server/downloads/local-time.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB } from '#server/db/tables.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { saveDesign, type TestMusician } from '#server-test/helpers/factories.ts';
import { localDate, requestAt } from '#server-test/features/analytics/analytics-seed.ts';
import { requestAgo } from '#server-test/features/insights/learn-next-seed.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

const folder = tempSqliteFolder();

/** An app as far as the helpers see it: its database's Kysely, on SQLite. */
async function sqliteApp() {
  const { db } = tempKysely<DB>(folder);
  cleanUpLater(() => db.destroy());
  await migrateToLatest(db, 'sqlite');
  const app = { database: { kysely: db } } as unknown as FastifyInstance;
  const { id } = await db
    .insertInto('musicians')
    .values({ name: 'Band', email: 'band@example.com', slug: 'band', passwordHash: 'hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const musician = { musician: { id } } as TestMusician;
  return { app, db, musician };
}

async function newRequest(db: Awaited<ReturnType<typeof sqliteApp>>['db'], musicianId: string) {
  const { id } = await db
    .insertInto('requests')
    .values({
      musicianId,
      songTitle: 'Song',
      songArtist: 'Artist',
      requesterName: 'Ann',
      requesterEmail: 'ann@example.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('the route tests’ own statements, on SQLite', () => {
  it('saveDesign inserts a design, updates what it is given, and keeps it when given nothing', async () => {
    const { app, db, musician } = await sqliteApp();
    const design = () =>
      db
        .selectFrom('designSettings')
        .select(['colorScheme', 'showYear'])
        .where('musicianId', '=', musician.musician.id)
        .execute();
    await saveDesign(app, musician);
    expect(await design()).toEqual([{ colorScheme: 'purple', showYear: true }]);
    await saveDesign(app, musician, { colorScheme: 'green', showYear: false });
    await saveDesign(app, musician, { colorScheme: 'blue' });
    await saveDesign(app, musician);
    expect(await design()).toEqual([{ colorScheme: 'blue', showYear: false }]);
  });

  it.each(['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'])(
    'requestAt puts a request on the clock of %s, days back',
    async (timeZone) => {
      const { app, db, musician } = await sqliteApp();
      const id = await newRequest(db, musician.musician.id);
      for (const [daysAgo, time] of [
        [2, '23:30'],
        [0, '00:15'],
        [1, '12:00'],
      ] as const) {
        await requestAt(app, id, daysAgo, time, timeZone);
        const { createdAt } = await db
          .selectFrom('requests')
          .select('createdAt')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(createdAt).toBeInstanceOf(Date);
        expect(localDateTime(createdAt.toISOString(), timeZone)).toBe(
          `${localDate(daysAgo, timeZone)} ${time}`,
        );
      }
    },
  );

  it('requestAgo moves a request days into the past', async () => {
    const { app, db, musician } = await sqliteApp();
    const id = await newRequest(db, musician.musician.id);
    const before = Date.now();
    await requestAgo(app, id, 3);
    const { createdAt } = await db
      .selectFrom('requests')
      .select('createdAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const threeDays = 3 * 86_400_000;
    expect(createdAt.getTime()).toBeGreaterThanOrEqual(before - threeDays);
    expect(createdAt.getTime()).toBeLessThanOrEqual(Date.now() - threeDays);
  });

  it('reads a tip’s amount as text, as tips-routes.test.ts expects it', async () => {
    const { db, musician } = await sqliteApp();
    await db
      .insertInto('tips')
      .values({ musicianId: musician.musician.id, amount: 12.35, platform: 'paypal' })
      .execute();
    const tip = await db.selectFrom('tips').select('amount').executeTakeFirstOrThrow();
    expect(tip.amount).toBe('12.35');
  });
});
