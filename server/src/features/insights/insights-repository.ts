import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { learnNextDismissals, songs } from '#server/db/schema.ts';
import { songKey } from '#shared/song-key.ts';
import { rowsOf } from '#server/db/rows-of.ts';

/**
 * Most asks one ranking reads: the newest 10,000 suggestions still in the running (or requests
 * not played), grouped in SQL by spelling, person and show. A musician with 100,000 suggestions
 * costs the database one bounded statement and this process at most that many small grouped
 * rows. Older asks weigh little anyway (they halve every 30 days, see learn-next-ranking.ts);
 * below the cap the ranking is exact.
 */
export const ASKS_READ_MAX = 10_000;

/** One person's asks for one spelling of a song at one show (or outside any show). */
export interface AskRow {
  title: string;
  artist: string;
  who: string;
  show_id: string | null;
  show_name: string | null;
  asks: number;
  asked_at: Date | string;
}

/** One person's unplayed requests for one of the musician's songs at one show. */
export interface RequestAskRow extends AskRow {
  song_id: string;
}

export interface RequestTotalsRow {
  song_id: string;
  requesters: number;
  requests: number;
  played: number;
}

/**
 * How a dismissal is stored: the SHA-256 (hex) of songKey(title, artist). PostgreSQL text cannot
 * hold the key's NUL separator; its digest can be stored, and rebuilt in SQL (sqlKeyDigest).
 */
export function dismissalKey(title: string, artist: string): string {
  return createHash('sha256').update(songKey(title, artist)).digest('hex');
}

/**
 * dismissalKey in SQL, so dismissed songs drop out before the row cap. PostgreSQL's lower() and
 * btrim() may fold less than JavaScript's (a C-locale server leaves "É" alone): the service
 * checks the exact keys again, so this only has to catch the usual case.
 */
function sqlKeyDigest(title: SQL, artist: SQL): SQL {
  return sql`encode(sha256(convert_to(lower(btrim(${title})), 'UTF8') || decode('00', 'hex')
    || convert_to(lower(btrim(${artist})), 'UTF8')), 'hex')`;
}

/**
 * The asker of a request or +1: their email, else their phone (X-Device-Id), else the ask
 * itself. Prefixed, so an email can never equal a device id.
 */
function askerOf(alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`coalesce('email:' || nullif(lower(${column('requester_email')}), ''),
    'device:' || nullif(${column('device_id')}, ''), 'ask:' || ${column('id')}::text)`;
}

/** SQL of insights: every statement is scoped to the one musician who asks. */
export function insightsRepository(db: Db) {
  return {
    /**
     * The newest ASKS_READ_MAX suggestions still pending or turned down, grouped by spelling,
     * person and show. Songs already in the repertoire and dismissed ones are left out before
     * the cap (as far as SQL can tell, see sqlKeyDigest); NOT IN over the musician's songs and
     * dismissals is a hashed lookup whatever the planner's statistics say (PGlite never runs
     * ANALYZE). A suggestion belongs to the show running when it came: the latest show started
     * before it, unless that show had stopped by then.
     */
    async suggestionAsks(musicianId: string): Promise<AskRow[]> {
      const result = await db.execute(sql`
        WITH candidates AS MATERIALIZED (
          SELECT s.suggested_title AS title, s.suggested_artist AS artist, s.created_at,
            coalesce('email:' || nullif(lower(s.requester_email), ''), 'ask:' || s.id::text) AS who
          FROM song_suggestions s
          WHERE s.musician_id = ${musicianId} AND s.status IN ('pending', 'rejected')
            AND (lower(btrim(s.suggested_title)), lower(btrim(s.suggested_artist))) NOT IN (
              SELECT lower(btrim(r.title)), lower(btrim(r.artist))
              FROM songs r WHERE r.musician_id = ${musicianId})
            AND ${sqlKeyDigest(sql`s.suggested_title`, sql`s.suggested_artist`)} NOT IN (
              SELECT d.song_key FROM learn_next_dismissals d WHERE d.musician_id = ${musicianId})
          ORDER BY s.created_at DESC
          LIMIT ${ASKS_READ_MAX}
        ),
        placed AS (
          SELECT c.*, CASE WHEN latest.stopped_at IS NULL OR latest.stopped_at >= c.created_at
            THEN latest.id END AS show_id,
            CASE WHEN latest.stopped_at IS NULL OR latest.stopped_at >= c.created_at
            THEN latest.name END AS show_name
          FROM candidates c
          LEFT JOIN LATERAL (
            SELECT sh.id, sh.name, sh.stopped_at FROM shows sh
            WHERE sh.musician_id = ${musicianId} AND sh.date <= c.created_at
            ORDER BY sh.date DESC LIMIT 1
          ) latest ON true
        )
        SELECT title, artist, who, show_id, min(show_name) AS show_name, count(*)::int AS asks,
          max(created_at) AS asked_at
        FROM placed
        GROUP BY title, artist, who, show_id`);
      return rowsOf<AskRow>(result);
    },

    /**
     * The newest ASKS_READ_MAX requests (and +1s) of the musician's songs that were not played,
     * grouped by song, person and show. Turned down counts at once; still waiting (pending,
     * accepted, up next) counts only once the show it came in has ended, since a request in the
     * live queue may still be played. Blocked requesters never count.
     */
    async unplayedAsks(musicianId: string): Promise<RequestAskRow[]> {
      const running = sql`(SELECT id FROM shows
        WHERE musician_id = ${musicianId} AND status = 'active')`;
      const unplayed = sql`NOT r.blocked AND r.song_id IS NOT NULL AND r.status <> 'played'
        AND (r.status = 'rejected'
          OR (r.show_id IS NOT NULL AND r.show_id IS DISTINCT FROM ${running}))`;
      const result = await db.execute(sql`
        WITH asks AS (
          (SELECT r.song_id, r.show_id, r.created_at, ${askerOf('r')} AS who
          FROM requests r
          WHERE r.musician_id = ${musicianId} AND ${unplayed}
          ORDER BY r.created_at DESC LIMIT ${ASKS_READ_MAX})
          UNION ALL
          (SELECT r.song_id, r.show_id, v.created_at, ${askerOf('v')} AS who
          FROM request_voters v JOIN requests r ON r.id = v.request_id
          WHERE v.musician_id = ${musicianId} AND ${unplayed}
          ORDER BY v.created_at DESC LIMIT ${ASKS_READ_MAX})
        ),
        newest AS MATERIALIZED (SELECT * FROM asks ORDER BY created_at DESC LIMIT ${ASKS_READ_MAX}),
        grouped AS (
          SELECT song_id, who, show_id, count(*)::int AS asks, max(created_at) AS asked_at
          FROM newest GROUP BY song_id, who, show_id
        )
        SELECT g.*, s.title, s.artist, NULL AS show_name
        FROM grouped g
        JOIN LATERAL (SELECT title, artist FROM songs
          WHERE id = g.song_id AND musician_id = ${musicianId}) s ON true`);
      return rowsOf<RequestAskRow>(result);
    },

    /** Requests, people and plays of the given songs of the musician, all time. */
    async requestTotals(musicianId: string, songIds: string[]): Promise<RequestTotalsRow[]> {
      if (songIds.length === 0) return [];
      const ids = sql.join(
        songIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const result = await db.execute(sql`
        WITH asks AS (
          SELECT r.song_id, r.status, ${askerOf('r')} AS who
          FROM requests r
          WHERE r.musician_id = ${musicianId} AND NOT r.blocked AND r.song_id IN (${ids})
          UNION ALL
          SELECT r.song_id, r.status, ${askerOf('v')} AS who
          FROM request_voters v JOIN requests r ON r.id = v.request_id
          WHERE v.musician_id = ${musicianId} AND NOT r.blocked AND r.song_id IN (${ids})
        )
        SELECT song_id, count(DISTINCT who)::int AS requesters, count(*)::int AS requests,
          (count(*) FILTER (WHERE status = 'played'))::int AS played
        FROM asks
        GROUP BY song_id`);
      return rowsOf<RequestTotalsRow>(result);
    },

    /** Titles and artists of the musician's songs (at most SONGS_PER_MUSICIAN_MAX). */
    async repertoire(musicianId: string): Promise<{ title: string; artist: string }[]> {
      return db
        .select({ title: songs.title, artist: songs.artist })
        .from(songs)
        .where(eq(songs.musicianId, musicianId));
    },

    /** The musician's dismissed keys (at most LEARN_NEXT_DISMISSALS_MAX). */
    async dismissedKeys(musicianId: string): Promise<Set<string>> {
      const rows = await db
        .select({ key: learnNextDismissals.songKey })
        .from(learnNextDismissals)
        .where(eq(learnNextDismissals.musicianId, musicianId));
      return new Set(rows.map((row) => row.key));
    },

    /**
     * Dismisses the key unless the musician already has `max` dismissals: 'full' then. Already
     * dismissed is fine (idempotent). Two dismissals at the same moment may pass `max` by one.
     */
    async dismiss(musicianId: string, key: string, max: number): Promise<'dismissed' | 'full'> {
      const inserted = await db.execute(sql`
        INSERT INTO learn_next_dismissals (musician_id, song_key)
        SELECT ${musicianId}::uuid, ${key}::text
        WHERE (SELECT count(*) FROM learn_next_dismissals WHERE musician_id = ${musicianId})
          < ${max}::int
        ON CONFLICT DO NOTHING
        RETURNING song_key`);
      if (rowsOf(inserted).length > 0) return 'dismissed';
      const [existing] = await db
        .select({ key: learnNextDismissals.songKey })
        .from(learnNextDismissals)
        .where(
          and(eq(learnNextDismissals.musicianId, musicianId), eq(learnNextDismissals.songKey, key)),
        );
      return existing ? 'dismissed' : 'full';
    },

    async undismiss(musicianId: string, key: string): Promise<void> {
      await db
        .delete(learnNextDismissals)
        .where(
          and(eq(learnNextDismissals.musicianId, musicianId), eq(learnNextDismissals.songKey, key)),
        );
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
