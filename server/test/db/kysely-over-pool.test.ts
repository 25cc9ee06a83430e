/**
 * Database.kysely: Kysely over the app's own pool, on the test database (PGlite, or PostgreSQL
 * with TEST_DB=postgres), reading and writing camelCase rows over snake_case columns, and taking
 * its transactions on one connection of the pool.
 */
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '#server-test/helpers/test-database.ts';

const database = await openTestDatabase();

const musician = (slug: string) => ({
  name: 'Déjà Vu 🎸',
  email: `${slug}@example.com`,
  slug,
  passwordHash: 'not-a-hash',
});

describe('Database.kysely', () => {
  it('writes and reads camelCase rows, with the database filling its defaults', async () => {
    const { id } = await database.kysely
      .insertInto('musicians')
      .values(musician('kysely-reads'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await database.kysely
      .selectFrom('musicians')
      .select(['slug', 'passwordHash', 'requestsEnabled', 'queueOrder', 'createdAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      slug: 'kysely-reads',
      passwordHash: 'not-a-hash',
      requestsEnabled: true,
      queueOrder: 'arrival',
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('reads a day as its text, as both engines give it', async () => {
    const { id } = await database.kysely
      .insertInto('musicians')
      .values(musician('kysely-days'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const show = await database.kysely
      .insertInto('shows')
      .values({ musicianId: id, name: 'Leap day', performedOn: '2024-02-29' })
      .returning(['performedOn', 'date'])
      .executeTakeFirstOrThrow();
    expect(show.performedOn).toBe('2024-02-29');
    expect(show.date).toBeInstanceOf(Date);
  });

  it('rolls a failed transaction back whole, and leaves the pool usable', async () => {
    await expect(
      database.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('musicians').values(musician('kysely-rolled-back')).execute();
        await trx.insertInto('musicians').values(musician('kysely-rolled-back')).execute();
      }),
    ).rejects.toThrow();
    const left = await database.kysely
      .selectFrom('musicians')
      .select('id')
      .where('slug', '=', 'kysely-rolled-back')
      .execute();
    expect(left).toEqual([]);
    // The connection the failed transaction held went back to the pool, ready for the next one.
    await database.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('musicians').values(musician('kysely-after-rollback')).execute();
    });
    const after = await database.kysely
      .selectFrom('musicians')
      .select('slug')
      .where('slug', '=', 'kysely-after-rollback')
      .execute();
    expect(after).toEqual([{ slug: 'kysely-after-rollback' }]);
  });
});
