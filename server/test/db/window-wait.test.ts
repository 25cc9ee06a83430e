/**
 * windowWaitSql: the one reading behind every "at most N in the last M minutes" limit (requests
 * and +1s, suggestions, tips, contact messages), on the test database (PGlite, or PostgreSQL
 * with TEST_DB=postgres).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, musicians, songSuggestions } from '#server/db/schema.ts';
import { preparedStatement } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { secondsUntilFree, windowWaitSql } from '#server/db/window-wait.ts';
import { openTestDatabase } from '#server-test/helpers/test-database.ts';

const database = await openTestDatabase();

let emails = 0;
/** A fresh sender with messages sent `minutesAgo` each (one message per entry). */
async function messagesFrom(minutesAgo: number[]): Promise<string> {
  const email = `sender-${emails++}@example.com`;
  for (const ago of minutesAgo) {
    await database.db.insert(contactMessages).values({
      musicianId: null,
      name: 'Sender',
      email,
      message: 'hello',
      createdAt: new Date(Date.now() - ago * 60_000),
    });
  }
  return email;
}

const byEmail = (email: string) => [
  { table: contactMessages, where: sql`lower(r.email) = lower(${email}::text)` },
];

describe('secondsUntilFree: at most `max` in the last `windowMinutes`', () => {
  it('is null while fewer than max are in the window, older ones not counted', async () => {
    const email = await messagesFrom([1, 2, 11, 30]);
    expect(await secondsUntilFree(database.db, byEmail(email), 10, 3)).toBeNull();
  });

  it('at the limit, waits until the max-th newest leaves the window', async () => {
    const email = await messagesFrom([1, 4, 7]);
    const wait = await secondsUntilFree(database.db, byEmail(email), 10, 3);
    // The one sent 7 minutes ago leaves a 10-minute window in 3 minutes.
    expect(wait).toBeGreaterThan(175);
    expect(wait).toBeLessThanOrEqual(180);
  });

  it('past the limit, still counts from the max-th newest, not the oldest', async () => {
    const email = await messagesFrom([1, 2, 3, 8, 9]);
    const wait = await secondsUntilFree(database.db, byEmail(email), 10, 2);
    // Newest two: 1 and 2 minutes ago; one more is allowed when the second leaves, in 8 minutes.
    expect(wait).toBeGreaterThan(475);
    expect(wait).toBeLessThanOrEqual(480);
  });

  it('counts the rows of several tables together, newest first', async () => {
    const email = await messagesFrom([5]);
    const [musician] = await database.db
      .insert(musicians)
      .values({
        name: 'M',
        email: `m-${emails}@example.com`,
        slug: `m-${emails}`,
        passwordHash: 'x',
      })
      .returning();
    await database.db.insert(songSuggestions).values({
      musicianId: musician!.id,
      suggestedTitle: 'Song',
      suggestedArtist: 'Artist',
      requesterName: 'Sender',
      requesterEmail: email,
      createdAt: new Date(Date.now() - 2 * 60_000),
    });
    const counted = [
      ...byEmail(email),
      { table: songSuggestions, where: sql`lower(r.requester_email) = lower(${email}::text)` },
    ];
    const wait = await secondsUntilFree(database.db, counted, 10, 2);
    // Two in the window (2 and 5 minutes ago): free again when the one of 5 minutes ago leaves.
    expect(wait).toBeGreaterThan(295);
    expect(wait).toBeLessThanOrEqual(300);
    expect(await secondsUntilFree(database.db, counted, 10, 3)).toBeNull();
  });

  it('treats a hostile email as a value, not as SQL', async () => {
    const email = await messagesFrom([1]);
    const hostile = `${email}' OR true --`;
    expect(await secondsUntilFree(database.db, byEmail(hostile), 10, 1)).toBeNull();
    expect(await secondsUntilFree(database.db, byEmail(email), 10, 1)).not.toBeNull();
  });

  it('takes limits as placeholders in windowWaitSql, with the same answer as numbers', async () => {
    const counted = byEmail(await messagesFrom([1, 4, 7]));
    const wait = preparedStatement(
      database.db,
      'test_window_wait',
      sql`SELECT ${windowWaitSql(counted, sql.placeholder('minutes'), sql.placeholder('max'))} AS wait`,
    );
    const waitOf = async (minutes: number, max: number) => {
      const value = rowsOf<{ wait: number | null }>(await wait({ minutes, max }))[0]!.wait;
      return value === null ? null : Number(value);
    };
    for (const [minutes, max] of [
      [10, 3],
      [10, 2],
      [10, 4],
      [5, 1],
    ] as const) {
      const expected = await secondsUntilFree(database.db, counted, minutes, max);
      const actual = await waitOf(minutes, max);
      if (expected === null) expect(actual).toBeNull();
      else expect(actual).toBeCloseTo(expected, 0);
    }
    // The 7-minutes-ago message leaves a 10-minute window in about 3 minutes.
    expect(await waitOf(10, 3)).toBeGreaterThan(175);
  });
});
