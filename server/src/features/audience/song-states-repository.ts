import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { preparedStatement } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { heldBackAt } from '#server/submissions/repeat-rule.ts';

/** What the audience's song list shows of a song under the no-repeats rule. */
export interface SongState {
  /** Up Next in the running show: "Coming up". */
  comingUp: boolean;
  /** When it was played, while the rule holds it back (and nothing of it waits): "Played at". */
  playedAt: Date | null;
}

interface TouchedSongRow {
  song_id: string;
  repeat_rule: string;
  repeat_hours: number;
  show_id: string | null;
  last_played_at: Date | string | number | null;
  last_played_in_show: Date | string | number | null;
  waits_in_show: boolean;
  coming_up: boolean;
}

const dateOf = (value: Date | string | number | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * The songs the no-repeats rule touches, read for the audience's song list: the ones Up Next
 * in the running show, and the ones the rule holds back (repeat-rule.ts, the same rule the
 * request's admission asks). Only songs, never who asked.
 */
export function songStatesRepository(db: Db) {
  // Per song of the musician's open or played requests (not blocked requesters'): what the rule
  // reads of it. Under 'allow' (the default) none, by one read of the musician.
  const statement = preparedStatement(
    db,
    'audience_song_states',
    sql`
      SELECT r.song_id, m.repeat_rule, m.repeat_hours, sh.id AS show_id,
        max(CASE WHEN r.status = 'played' THEN r.played_at END) AS last_played_at,
        max(CASE WHEN r.status = 'played' AND r.show_id = sh.id THEN r.played_at END)
          AS last_played_in_show,
        count(*) FILTER (WHERE r.status IN ('pending', 'accepted', 'up_next')
          AND (r.show_id = sh.id OR (r.show_id IS NULL AND sh.id IS NULL))) > 0 AS waits_in_show,
        count(*) FILTER (WHERE r.status = 'up_next'
          AND (r.show_id = sh.id OR (r.show_id IS NULL AND sh.id IS NULL))) > 0 AS coming_up
      FROM musicians m
      LEFT JOIN shows sh ON sh.musician_id = m.id AND sh.status = 'active'
      JOIN requests r ON r.musician_id = m.id
      WHERE m.id = ${sql.placeholder('musicianId')} AND m.repeat_rule <> 'allow'
        AND r.status IN ('pending', 'accepted', 'up_next', 'played') AND NOT r.blocked
        AND r.song_id IS NOT NULL
      GROUP BY r.song_id, m.repeat_rule, m.repeat_hours, sh.id
      HAVING count(*) FILTER (WHERE r.status IN ('up_next', 'played')) > 0`,
  );

  return {
    /** Song id -> its state, for the songs the rule touches now (none under 'allow'). */
    async forMusician(musicianId: string): Promise<Map<string, SongState>> {
      const now = new Date();
      const states = new Map<string, SongState>();
      for (const row of rowsOf<TouchedSongRow>(await statement({ musicianId }))) {
        const playedAt = heldBackAt(
          { rule: row.repeat_rule, hours: row.repeat_hours, runningShowId: row.show_id },
          {
            lastPlayedAt: dateOf(row.last_played_at),
            lastPlayedInRunningShow: dateOf(row.last_played_in_show),
            waitsInRunningShow: row.waits_in_show,
          },
          now,
        );
        if (row.coming_up || playedAt)
          states.set(row.song_id, { comingUp: row.coming_up, playedAt });
      }
      return states;
    },
  };
}

export type SongStatesRepository = ReturnType<typeof songStatesRepository>;
