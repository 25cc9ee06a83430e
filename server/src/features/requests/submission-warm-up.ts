import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { rowsOf } from '#server/db/rows-of.ts';

/**
 * How many requests a session files before the server listens. PostgreSQL plans each statement
 * of a function afresh, for the values at hand, the first five times it runs in a session, and
 * only then keeps one plan: on the embedded database the second to fifth audience requests after
 * a start took 13-16 ms to answer, the sixth and later 5-7 ms (four starts), and with six
 * filings here the first took 13-15 ms and the next ones 6-8 ms. Since migration 0019,
 * submit_request keeps one plan from its first run (plan_cache_mode = force_generic_plan), so
 * fewer filings may do; one against six measured within a noisy host's noise, so six stay.
 */
export const WARM_UP_FILINGS = 6;

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
 * The first `submit_request` of a database session compiles the function and plans each of its
 * statements: 165 ms for the first audience request after a start on the embedded database here,
 * against a few ms for every one after it. The server pays it before it listens, by filing
 * requests of a musician made up for the purpose, in a transaction rolled back: PostgreSQL keeps
 * the compiled function and its plans, and nothing of the requests or the musician remains.
 * Resolves with each filing's outcome ('created': each its own requester and song), for its test.
 */
export async function warmUpSubmissions(db: Db): Promise<string[]> {
  const outcomes: string[] = [];
  await db
    .transaction(async (tx) => {
      const songs = rowsOf<MadeUpSong>(await tx.execute(madeUpMusicianWithSongs(WARM_UP_FILINGS)));
      for (const [i, song] of songs.entries()) {
        const email = `warm-up-${i}@invalid`;
        const [filed] = rowsOf<{ outcome: string }>(
          await tx.execute(sql`
            SELECT outcome FROM submit_request(${song.musician_id}::uuid, ${song.id}::uuid,
              'Warm-up', ${email}, ${email}, '', 0, '', NULL,
              md5(random()::text), 'warm-up', now(), 60, 3, 1000, 400)`),
        );
        if (filed) outcomes.push(filed.outcome);
      }
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return outcomes;
}

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
