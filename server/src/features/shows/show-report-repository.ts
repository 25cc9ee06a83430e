import { sql } from 'drizzle-orm';
import type { ShowReportSong } from '#shared/schemas/show.ts';
import type { Db } from '#server/db/database.ts';
import { musicians, requests, songs } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows-of.ts';

interface SongRow {
  song_title: string;
  song_artist: string;
  songwriter: string;
  played_at: Date | string;
  request_count: number;
  tips: number | string;
}

interface TotalsRow {
  performer: string;
  total_requests: number;
  total_tips: number | string;
}

/** The set as played of one show, read from its requests (scoped to the musician). */
export function showReportRepository(db: Db) {
  return {
    /**
     * Songs with at least one played request in the show, in the order they were played. A song
     * is its title and artist as requested; its songwriter comes from the repertoire.
     */
    async playedSongs(musicianId: string, showId: string): Promise<ShowReportSong[]> {
      const result = await db.execute(sql`
        SELECT (array_agg(r.song_title ORDER BY r.created_at))[1] AS song_title,
          (array_agg(r.song_artist ORDER BY r.created_at))[1] AS song_artist,
          coalesce(max(nullif(s.songwriter, '')), '') AS songwriter,
          min(r.updated_at) FILTER (WHERE r.status = 'played') AS played_at,
          sum(r.votes)::int AS request_count,
          round(coalesce(sum(r.tip_amount), 0), 2)::float8 AS tips
        FROM ${requests} r
        LEFT JOIN ${songs} s ON s.id = r.song_id AND s.musician_id = r.musician_id
        WHERE r.musician_id = ${musicianId} AND r.show_id = ${showId} AND NOT r.blocked
        GROUP BY lower(r.song_title), lower(r.song_artist)
        HAVING bool_or(r.status = 'played')
        ORDER BY played_at, song_title`);
      return rowsOf<SongRow>(result).map((row) => ({
        song_title: row.song_title,
        song_artist: row.song_artist,
        songwriter: row.songwriter,
        played_at: new Date(row.played_at).toISOString(),
        request_count: Number(row.request_count),
        tips: Number(row.tips),
      }));
    },

    /** The performer's name and every request of the show, played or not. */
    async totals(musicianId: string, showId: string): Promise<TotalsRow | undefined> {
      const result = await db.execute(sql`
        SELECT m.name AS performer,
          (SELECT coalesce(sum(r.votes), 0)::int FROM ${requests} r
            WHERE r.musician_id = m.id AND r.show_id = ${showId} AND NOT r.blocked)
            AS total_requests,
          (SELECT round(coalesce(sum(r.tip_amount), 0), 2)::float8 FROM ${requests} r
            WHERE r.musician_id = m.id AND r.show_id = ${showId} AND NOT r.blocked) AS total_tips
        FROM ${musicians} m
        WHERE m.id = ${musicianId}`);
      return rowsOf<TotalsRow>(result)[0];
    },
  };
}

export type ShowReportRepository = ReturnType<typeof showReportRepository>;
