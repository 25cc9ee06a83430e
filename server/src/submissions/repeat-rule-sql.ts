import { sql, type SQL } from 'drizzle-orm';
import { requests, shows } from '#server/db/schema.ts';

// The no-repeats rule (issue 22), asked by the request's admission (features/requests) and by
// the audience's song list (features/audience): it lives below both.
//
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
 * Whether one played request (its played_at, and the status of its show, NULL when it has
 * none) holds its song back under the musician's rule and hours (SQL expressions).
 */
export function repeatHoldsSql(rule: SQL, hours: SQL, playedAt: SQL, showStatus: SQL): SQL {
  return sql`(CASE ${rule}
    WHEN 'show' THEN ${showStatus} IS NOT DISTINCT FROM 'active'
    WHEN 'hours' THEN ${playedAt} > now() - make_interval(hours => ${hours})
    ELSE false END)`;
}

/** Whether a request of the song waits (pending, accepted, up next) in the running show. */
export function waitingInRunningShowSql(musicianId: SQL, songId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${requests} w
    WHERE w.musician_id = ${musicianId} AND w.song_id = ${songId}
      AND w.status IN ('pending', 'accepted', 'up_next') AND NOT w.blocked
      AND w.show_id IS NOT DISTINCT FROM ${runningShowSql(musicianId)})`;
}

/**
 * When the song was last played, if the musician's rule holds it back now; else NULL. One
 * scalar, so the admission reads it as one more column of its SELECT (no round trip more).
 */
export function repeatPlayedAtSql(musicianId: SQL, songId: SQL, rule: SQL, hours: SQL): SQL {
  return sql`(CASE WHEN ${rule} = 'allow' THEN NULL ELSE (
    SELECT max(r.played_at) FROM ${requests} r LEFT JOIN ${shows} sh ON sh.id = r.show_id
    WHERE r.musician_id = ${musicianId} AND r.song_id = ${songId} AND r.status = 'played'
      AND NOT r.blocked AND ${repeatHoldsSql(rule, hours, sql`r.played_at`, sql`sh.status`)}
      AND NOT ${waitingInRunningShowSql(musicianId, songId)}) END)`;
}
