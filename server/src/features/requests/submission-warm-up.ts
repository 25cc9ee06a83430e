import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/**
 * How a made-up musician is told from every real account, should a start die before removing
 * its own: this email (`@invalid`, RFC 2606) and an empty password hash, which no account has
 * (a sign-up and a first OpenID Connect sign-in both store a hash).
 */
const WARM_UP_EMAIL_LIKE = 'warm-up-%@invalid';
/** How long another process's warm-up may take before its made-up musician counts as left over. */
const LEFTOVER_AFTER_MS = 10 * 60_000;

/**
 * A made-up musician with `songs` songs, committed, for request-path-warm-up.ts to send audience
 * requests to. Leftovers of starts that died before removing theirs go first. The email is its
 * own each time: sessions warm up side by side, and one email would make each wait on the unique
 * index for the one before it to roll back.
 */
export async function addWarmUpMusician(
  db: Kysely<DB>,
  songs: number,
): Promise<{ musicianId: string; songIds: string[] }> {
  await db
    .deleteFrom('musicians')
    .where('email', 'like', WARM_UP_EMAIL_LIKE)
    .where('passwordHash', '=', '')
    .where('createdAt', '<', new Date(Date.now() - LEFTOVER_AFTER_MS))
    .execute();
  const key = randomUUID();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('musicians')
      .values({
        name: 'Warm-up',
        email: `warm-up-${key}@invalid`,
        slug: `warm-up-${key}`,
        passwordHash: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await trx
      .insertInto('songs')
      .values(
        Array.from({ length: songs }, (_, i) => ({
          musicianId: id,
          title: `Warm-up ${i + 1}`,
          artist: 'Warm-up',
        })),
      )
      .returning('id')
      .execute();
    return { musicianId: id, songIds: rows.map((row) => row.id) };
  });
}

/** The made-up musician and everything filed for it (the foreign keys cascade). */
export async function removeWarmUpMusician(db: Kysely<DB>, musicianId: string): Promise<void> {
  await db
    .deleteFrom('musicians')
    .where('id', '=', musicianId)
    .where('email', 'like', WARM_UP_EMAIL_LIKE)
    .where('passwordHash', '=', '')
    .execute();
}
