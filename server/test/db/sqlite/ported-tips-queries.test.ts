/**
 * The tips repository's crediting and marking received (issue 45, step 4) on the app's SQLite
 * engine and schema: a tip is recorded as a claim, and marking it received sets received_at and
 * adds its amount to the request's tip_received once, whatever the number of calls.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB } from '#server/db/tables.ts';
import { tipsRepository } from '#server/features/tips/tips-repository.ts';
import { musiciansRepository } from '#server/musicians/musicians-repository.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

const folder = tempSqliteFolder();

async function sqliteDb() {
  const { db } = tempKysely<DB>(folder);
  cleanUpLater(() => db.destroy());
  await migrateToLatest(db, 'sqlite');
  const musicians = musiciansRepository(db);
  const band = await musicians.insert({
    name: 'band',
    email: 'band@example.com',
    slug: 'band',
    passwordHash: 'hash',
  });
  const other = await musicians.insert({
    name: 'other',
    email: 'other@example.com',
    slug: 'other',
    passwordHash: 'hash',
  });
  const request = await db
    .insertInto('requests')
    .values({
      musicianId: band.id,
      songTitle: 'Creep',
      songArtist: 'Radiohead',
      requesterName: 'Sam',
      requesterEmail: 'sam@example.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { db, musicianId: band.id, otherId: other.id, requestId: request.id };
}

const newTip = (musicianId: string, requestId: string | null, amount: number) => ({
  musicianId,
  amount,
  platform: 'venmo' as const,
  tipperName: 'Alex',
  message: '',
  requestId,
  idempotencyKey: null,
  deviceId: '',
  source: 'address',
});

const generous = {
  perRequester: { max: 100, windowMinutes: 10 },
  perAddress: { max: 100, windowMinutes: 10 },
  perMusicianPerMinute: 1000,
};

/** Records a tip under limits it cannot reach: the tip row. */
async function recorded(
  tips: ReturnType<typeof tipsRepository>,
  values: Parameters<ReturnType<typeof tipsRepository>['record']>[0],
) {
  const result = await tips.record(values, generous);
  if (result.outcome !== 'created') throw new Error(`tip not recorded: ${result.outcome}`);
  return result;
}

const amounts = (db: Awaited<ReturnType<typeof sqliteDb>>['db'], id: string) =>
  db
    .selectFrom('requests')
    .select(['tipAmount', 'tipReceived'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the tips repository on SQLite', () => {
  it('records a tip as a claim, and counts it received once', async () => {
    const { db, musicianId, requestId } = await sqliteDb();
    const tips = tipsRepository(db);
    const { tip } = await recorded(tips, newTip(musicianId, requestId, 12.5));
    expect(tip!.receivedAt).toBeNull();
    expect(await amounts(db, requestId)).toEqual({ tipAmount: '12.50', tipReceived: '0.00' });

    const marked = await tips.markReceived(musicianId, tip!.id);
    expect(marked!.requestId).toBe(requestId);
    expect(marked!.tip.receivedAt).toBeInstanceOf(Date);
    const again = await tips.markReceived(musicianId, tip!.id);
    expect(again).toEqual({ tip: marked!.tip, requestId: null });
    await Promise.all([1, 2, 3].map(() => tips.markReceived(musicianId, tip!.id)));
    expect(await amounts(db, requestId)).toEqual({ tipAmount: '12.50', tipReceived: '12.50' });
  });

  it("finds nothing for another musician's tip, and leaves it claimed", async () => {
    const { db, musicianId, otherId, requestId } = await sqliteDb();
    const tips = tipsRepository(db);
    const { tip } = await recorded(tips, newTip(musicianId, requestId, 5));
    expect(await tips.markReceived(otherId, tip!.id)).toBeUndefined();
    expect(await amounts(db, requestId)).toEqual({ tipAmount: '5.00', tipReceived: '0.00' });
  });

  it('marks a tip without a request received, changing no request', async () => {
    const { db, musicianId } = await sqliteDb();
    const tips = tipsRepository(db);
    const { tip } = await recorded(tips, newTip(musicianId, null, 3));
    expect(await tips.markReceived(musicianId, tip!.id)).toMatchObject({
      tip: { amount: '3.00', receivedAt: expect.any(Date) },
      requestId: null,
    });
  });
});
