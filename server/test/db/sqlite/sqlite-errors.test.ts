/**
 * The services decide "that slug is taken" or "a show is already running" from the name of the
 * unique index a write broke, and "that text cannot be stored" from PostgreSQL's code for a NUL
 * character (pg-errors.ts): SQLite's errors must say the same (sqlite-errors.ts).
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { isUniqueViolation, isUnstorableText } from '#server/db/pg-errors.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';

async function sqliteDatabase() {
  const database = await openDatabase({ kind: 'sqlite' });
  cleanUpLater(() => database.close());
  return database.kysely;
}

const musician = (slug: string, email: string) => ({
  name: slug,
  slug,
  email,
  passwordHash: 'hash',
});

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.unreachable('the write should have failed'),
    (err: unknown) => err,
  );
}

describe('SQLite errors read as PostgreSQL names them', () => {
  it('names a unique index over plain columns', async () => {
    const db = await sqliteDatabase();
    await db.insertInto('musicians').values(musician('band', 'a@example.com')).execute();
    const err = await failureOf(
      db.insertInto('musicians').values(musician('band', 'b@example.com')).execute(),
    );
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'musicians_slug_key')).toBe(true);
    expect(isUniqueViolation(err, 'musicians_email_lower_key')).toBe(false);
  });

  it('names a unique index over an expression', async () => {
    const db = await sqliteDatabase();
    await db.insertInto('musicians').values(musician('one', 'Same@example.com')).execute();
    const err = await failureOf(
      db.insertInto('musicians').values(musician('two', 'same@EXAMPLE.com')).execute(),
    );
    expect(isUniqueViolation(err, 'musicians_email_lower_key')).toBe(true);
  });

  it('names a partial unique index (one running show a musician)', async () => {
    const db = await sqliteDatabase();
    const { id } = await db
      .insertInto('musicians')
      .values(musician('band', 'a@example.com'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const show = { musicianId: id, name: 'Friday' };
    await db.insertInto('shows').values(show).execute();
    const err = await failureOf(db.insertInto('shows').values(show).execute());
    expect(isUniqueViolation(err, 'shows_one_active_per_musician')).toBe(true);
  });

  it('refuses a NUL character as PostgreSQL does, and stores nothing', async () => {
    const db = await sqliteDatabase();
    const err = await failureOf(
      db.insertInto('musicians').values(musician('band', 'a\0@example.com')).execute(),
    );
    expect(isUnstorableText(err)).toBe(true);
    expect(isUniqueViolation(err)).toBe(false);
    expect(await db.selectFrom('musicians').select('id').execute()).toEqual([]);
  });

  it('leaves other errors as they are', async () => {
    const db = await sqliteDatabase();
    const err = await failureOf(
      db.insertInto('shows').values({ musicianId: 'nobody', name: 'x' }).execute(),
    );
    expect(isUniqueViolation(err)).toBe(false);
    expect(isUnstorableText(err)).toBe(false);
    expect(String(err)).toMatch(/FOREIGN KEY/);
  });
});
