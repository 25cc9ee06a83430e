import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { rowsOf } from '#server/db/rows-of.ts';

/**
 * How a made-up musician is told from every real account, should a start die before removing
 * its own: this email (`@invalid`, RFC 2606) and an empty password hash, which no account has
 * (a sign-up and a first OpenID Connect sign-in both store a hash).
 */
const WARM_UP_EMAIL_LIKE = 'warm-up-%@invalid';
/** How long another process's warm-up may take before its made-up musician counts as left over. */
const LEFTOVER_AFTER = '10 minutes';

interface MadeUpSong {
  id: string;
  musician_id: string;
}

/**
 * Inserts a made-up musician (told from real accounts as WARM_UP_EMAIL_LIKE says) with `songs`
 * songs, returning the songs. The email is its own each time: sessions warm up side by side, and
 * one email would make each wait on the unique index for the one before it to roll back.
 */
const madeUpMusicianWithSongs = (songs: number) => sql`
  WITH musician AS (
    INSERT INTO musicians (name, email, slug, password_hash)
    SELECT 'Warm-up', 'warm-up-' || key || '@invalid', 'warm-up-' || key, ''
    FROM (SELECT gen_random_uuid() AS key) made_up
    RETURNING id
  )
  INSERT INTO songs (musician_id, title, artist)
  SELECT id, 'Warm-up ' || n, 'Warm-up' FROM musician, generate_series(1, ${songs}) n
  RETURNING id, musician_id`;

/**
 * A made-up musician with `songs` songs, committed, for request-path-warm-up.ts to send audience
 * requests to. Leftovers of starts that died before removing theirs go first.
 */
export async function addWarmUpMusician(
  db: Db,
  songs: number,
): Promise<{ musicianId: string; songIds: string[] }> {
  await db.execute(sql`
    DELETE FROM musicians
    WHERE email LIKE ${WARM_UP_EMAIL_LIKE} AND password_hash = ''
      AND created_at < now() - ${LEFTOVER_AFTER}::interval`);
  const rows = rowsOf<MadeUpSong>(await db.execute(madeUpMusicianWithSongs(songs)));
  return { musicianId: rows[0]!.musician_id, songIds: rows.map((row) => row.id) };
}

/** The made-up musician and everything filed for it (the foreign keys cascade). */
export async function removeWarmUpMusician(db: Db, musicianId: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM musicians
    WHERE id = ${musicianId} AND email LIKE ${WARM_UP_EMAIL_LIKE} AND password_hash = ''`);
}
