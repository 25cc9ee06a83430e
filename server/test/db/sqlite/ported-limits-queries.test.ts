/**
 * The tip and contact limits (issue 45) on the app's SQLite engine and schema: each is read and
 * the row written in one transaction, so parallel submissions pass exactly the limit, and the
 * address's keyed source is stored and counted. The routes test them on both engines; this
 * proves the repositories' statements and outcomes on SQLite directly.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB } from '#server/db/tables.ts';
import { tipsRepository } from '#server/features/tips/tips-repository.ts';
import { contactRepository } from '#server/features/contact/contact-repository.ts';
import { musiciansRepository } from '#server/musicians/musicians-repository.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

const folder = tempSqliteFolder();

async function sqliteDb() {
  const { db } = tempKysely<DB>(folder);
  cleanUpLater(() => db.destroy());
  await migrateToLatest(db, 'sqlite');
  return db;
}

describe('limits on SQLite', () => {
  it("tips: one phone's limit, one address's cap and the musician's minute, in parallel", async () => {
    const db = await sqliteDb();
    const band = await musiciansRepository(db).insert({
      name: 'Band',
      email: 'band@example.com',
      slug: 'band',
      passwordHash: 'hash',
    });
    const tips = tipsRepository(db);
    const limits = {
      perRequester: { max: 3, windowMinutes: 10 },
      perAddress: { max: 5, windowMinutes: 10 },
      perMusicianPerMinute: 100,
    };
    const tip = (deviceId: string, source = 'address-a', idempotencyKey: string | null = null) =>
      tips.record(
        {
          musicianId: band.id,
          amount: 5,
          platform: 'venmo',
          tipperName: 'Alex',
          message: '',
          requestId: null,
          idempotencyKey,
          deviceId,
          source,
        },
        limits,
      );
    const phone = 'phone-one-0123456789abcdef';
    const first = await Promise.all(Array.from({ length: 8 }, () => tip(phone)));
    const outcomes = first.map((each) => each.outcome);
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'requester_limit')).toHaveLength(5);
    const refused = first.find((each) => each.outcome === 'requester_limit');
    expect(refused && 'waitSeconds' in refused && refused.waitSeconds).toBeGreaterThan(590);

    // New ids from the same address: two more fit under its cap of 5, then it refuses.
    const rotated = await Promise.all(
      Array.from({ length: 4 }, (_, i) => tip(`rotated-${i}-0123456789abcdef`)),
    );
    expect(rotated.map((each) => each.outcome).sort()).toEqual([
      'created',
      'created',
      'musician_limit',
      'musician_limit',
    ]);
    // A sender without an id is counted by its address's tips without one.
    expect((await tip('', 'address-b')).outcome).toBe('created');
    // A used Idempotency-Key answers its tip, even past a limit.
    const keyed = await tip('keyed-phone-0123456789abcd', 'address-c', 'key-1');
    expect(keyed.outcome).toBe('created');
    const again = await tip('keyed-phone-0123456789abcd', 'address-c', 'key-1');
    expect(again.outcome).toBe('existing');

    const stored = await db.selectFrom('tips').select(['source', 'createdAt']).execute();
    expect(stored).toHaveLength(7);
    expect(stored.every((row) => row.createdAt instanceof Date)).toBe(true);
  });

  it('contact: one email, then one address, in parallel', async () => {
    const db = await sqliteDb();
    const contact = contactRepository(db);
    const limits = {
      perEmail: { max: 2, windowMinutes: 60 },
      perAddress: { max: 4, windowMinutes: 60 },
    };
    const file = (email: string, source = 'address-a') =>
      contact.file({ musicianId: null, name: 'Jo', email, message: 'Hi', source }, limits);
    const same = await Promise.all(Array.from({ length: 6 }, () => file('Jo@Example.com')));
    expect(same.filter((each) => each.outcome === 'created')).toHaveLength(2);
    expect(same.filter((each) => each.outcome === 'email_limit')).toHaveLength(4);
    const rotated = await Promise.all(
      Array.from({ length: 5 }, (_, i) => file(`fan-${i}@example.com`)),
    );
    expect(rotated.filter((each) => each.outcome === 'created')).toHaveLength(2);
    expect(rotated.filter((each) => each.outcome === 'address_limit')).toHaveLength(3);
    expect((await file('fan-0@example.com', 'address-b')).outcome).toBe('created');
  });
});
