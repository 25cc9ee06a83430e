import { sql, type SQL } from 'drizzle-orm';
import { shows } from '#server/db/schema.ts';

// The no-repeats rule (issue 22), asked by the request's admission and its filing
// (features/requests) and by the audience's song list (features/audience): it lives below them.
// The rule itself is one SQL function, song_held_back_at (migrations 0016 and 0019), which
// submit_request also calls under the musician's lock:
// - 'allow' (the default): nothing is held back.
// - 'show': a song played in the running show (a request of it in that show marked played) is
//   held back until the show stops; with no show running nothing is.
// - 'hours': a song played within the musician's repeat_hours is held back.
// A song one of whose requests waits in the running show is never held back: another person
// asking for it is a +1 on that request, which the rule leaves alone.

/** The running show of the musician (an SQL expression), or NULL: where requests are filed. */
export function runningShowSql(musicianId: SQL): SQL {
  return sql`(SELECT id FROM ${shows} WHERE musician_id = ${musicianId} AND status = 'active')`;
}

/**
 * When the song was last played, if the musician's rule holds it back now; else NULL. One
 * scalar, so the admission reads it as one more column of its SELECT (no round trip more).
 */
export function repeatPlayedAtSql(musicianId: SQL, songId: SQL): SQL {
  return sql`song_held_back_at(${musicianId}, ${songId})`;
}
