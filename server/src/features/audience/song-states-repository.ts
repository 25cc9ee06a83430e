import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '#server/db/statement-once.ts';
import type { DB } from '#server/db/tables.ts';
import { heldBackAt } from '#server/submissions/repeat-rule.ts';

/** What the audience's song list shows of a song under the no-repeats rule. */
export interface SongState {
  /** Up Next in the running show: "Coming up". */
  comingUp: boolean;
  /** When it was played, while the rule holds it back (and nothing of it waits): "Played at". */
  playedAt: Date | null;
}

/** A row of the statement below (camelCase: CamelCasePlugin names its columns). */
interface TouchedSongRow {
  songId: string;
  repeatRule: string;
  repeatHours: number;
  showId: string | null;
  /** max() of a timestamp: a Date from PostgreSQL, milliseconds from SQLite. */
  lastPlayedAt: Date | number | null;
  lastPlayedInShow: Date | number | null;
  /** count(*): a bigint string from PostgreSQL, a number from SQLite. */
  waiting: string | number;
  upNext: string | number;
}

const dateOf = (value: Date | number | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * The songs the no-repeats rule touches, read for the audience's song list: the ones Up Next
 * in the running show, and the ones the rule holds back (repeat-rule.ts, the same rule the
 * request's admission asks). Only songs, never who asked.
 */
export function songStatesRepository(db: Kysely<DB>) {
  // Per song of the musician's open or played requests (not blocked requesters'): what the rule
  // reads of it. Under 'allow' (the default) none, by one read of the musician. Compiled once:
  // every audience song list under a repeat rule runs it.
  const statement = compiledOnce(db, ({ musicianId }: { musicianId: string }) => ({
    compile: () =>
      sql<TouchedSongRow>`
        SELECT r.song_id, m.repeat_rule, m.repeat_hours, sh.id AS show_id,
          max(CASE WHEN r.status = 'played' THEN r.played_at END) AS last_played_at,
          max(CASE WHEN r.status = 'played' AND r.show_id = sh.id THEN r.played_at END)
            AS last_played_in_show,
          count(*) FILTER (WHERE r.status IN ('pending', 'accepted', 'up_next')
            AND (r.show_id = sh.id OR (r.show_id IS NULL AND sh.id IS NULL))) AS waiting,
          count(*) FILTER (WHERE r.status = 'up_next'
            AND (r.show_id = sh.id OR (r.show_id IS NULL AND sh.id IS NULL))) AS up_next
        FROM musicians m
        LEFT JOIN shows sh ON sh.musician_id = m.id AND sh.status = 'active'
        JOIN requests r ON r.musician_id = m.id
        WHERE m.id = ${musicianId} AND m.repeat_rule <> 'allow'
          AND r.status IN ('pending', 'accepted', 'up_next', 'played') AND NOT r.blocked
          AND r.song_id IS NOT NULL
        GROUP BY r.song_id, m.repeat_rule, m.repeat_hours, sh.id
        HAVING count(*) FILTER (WHERE r.status IN ('up_next', 'played')) > 0`.compile(db),
  }));

  return {
    /** Song id -> its state, for the songs the rule touches now (none under 'allow'). */
    async forMusician(musicianId: string): Promise<Map<string, SongState>> {
      const now = new Date();
      const states = new Map<string, SongState>();
      for (const row of await statement({ musicianId })) {
        const comingUp = Number(row.upNext) > 0;
        const playedAt = heldBackAt(
          { rule: row.repeatRule, hours: row.repeatHours, runningShowId: row.showId },
          {
            lastPlayedAt: dateOf(row.lastPlayedAt),
            lastPlayedInRunningShow: dateOf(row.lastPlayedInShow),
            waitsInRunningShow: Number(row.waiting) > 0,
          },
          now,
        );
        if (comingUp || playedAt) states.set(row.songId, { comingUp, playedAt });
      }
      return states;
    },
  };
}

export type SongStatesRepository = ReturnType<typeof songStatesRepository>;
