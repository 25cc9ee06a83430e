import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { preparedStatement } from '#server/db/prepared-statement.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { musicians, requests } from '#server/db/schema.ts';
import { repeatPlayedAtSql, runningShowSql } from '#server/submissions/repeat-rule-sql.ts';

/** What the audience's song list shows of a song under the no-repeats rule. */
export interface SongState {
  /** Up Next in the running show: "Coming up". */
  comingUp: boolean;
  /** When it was played, while the rule holds it back (and nothing of it waits): "Played at". */
  playedAt: Date | null;
}

/**
 * The songs the no-repeats rule touches, read for the audience's song list: the ones Up Next
 * in the running show, and the ones the rule holds back (repeat-rule-sql.ts, the same test the
 * request's admission makes). Only songs, never who asked.
 */
export function songStatesRepository(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const musicianId = sql`r.musician_id`;
  const statement = preparedStatement(
    db,
    'audience_song_states',
    sql`
      SELECT song_id, played_at, coming_up FROM (
        SELECT touched.song_id, touched.coming_up,
          CASE WHEN touched.played
            THEN ${repeatPlayedAtSql(sql`touched.musician_id`, sql`touched.song_id`)} END AS played_at
        FROM (
          SELECT r.song_id, r.musician_id, bool_or(r.status = 'played') AS played,
            bool_or(r.status = 'up_next'
              AND r.show_id IS NOT DISTINCT FROM ${runningShowSql(musicianId)}) AS coming_up
          FROM ${requests} r
          JOIN ${musicians} m ON m.id = r.musician_id
          WHERE r.musician_id = ${p('musicianId')}::uuid AND m.repeat_rule <> 'allow'
            AND r.status IN ('up_next', 'played') AND NOT r.blocked AND r.song_id IS NOT NULL
          GROUP BY r.song_id, r.musician_id
        ) touched
      ) states
      WHERE coming_up OR played_at IS NOT NULL`,
  );

  return {
    /** Song id -> its state, for the songs the rule touches now (none under 'allow'). */
    async forMusician(musicianId: string): Promise<Map<string, SongState>> {
      const rows = rowsOf<{
        song_id: string;
        played_at: Date | string | null;
        coming_up: boolean;
      }>(await statement({ musicianId }));
      return new Map(
        rows.map((row) => [
          row.song_id,
          {
            comingUp: row.coming_up,
            playedAt: row.played_at === null ? null : new Date(row.played_at),
          },
        ]),
      );
    },
  };
}

export type SongStatesRepository = ReturnType<typeof songStatesRepository>;
