import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsTotals, DailyCount, Requester, TopSong } from '#shared/schemas/analytics.ts';
import type { Db } from '#server/db/database.ts';
import { requests, requestVoters, tips } from '#server/db/schema.ts';
import { toRequester, type RequesterRow } from './requester-mapper.ts';
import { rowsOf } from '#server/db/rows-of.ts';

/** Which of the musician's requests count: all time, or the last `days` calendar days. */
export interface AnalyticsWindow {
  musicianId: string;
  /** null: all time. */
  days: number | null;
  /** IANA name: a request's day is its date on the musician's clock, not the server's. */
  timeZone: string;
}

/**
 * The musician's requests of the window, each with its local `day` and the tips of the person
 * behind it, plus the tips sent with no request (the page's header Tip button) as rows of their
 * own with `is_request` false. The lower bound is a timestamp (local midnight of the first day),
 * so the musician's index on created_at serves it.
 */
function scoped({ musicianId, days, timeZone }: AnalyticsWindow): SQL {
  const since = (column: SQL) =>
    days === null
      ? sql`true`
      : sql`${column} >= (((now() AT TIME ZONE ${timeZone})::date - ${days - 1}::int)::timestamp AT TIME ZONE ${timeZone})`;
  // A request's tip_amount adds up everyone's tips: its first requester's, its +1s' (each also
  // kept on the +1) and every tip sent after it (each kept in tips). A tip sent after a request
  // is credited to the person behind it who sent it: the same phone, else the same name, else
  // the first requester. A blocked requester's requests are never counted.
  return sql`credited AS (
    SELECT t.request_id, t.amount, who.voter_id
    FROM ${tips} t
    CROSS JOIN LATERAL (
      SELECT person.voter_id FROM (
        SELECT NULL::uuid AS voter_id, r.device_id, r.requester_name, r.created_at
        FROM ${requests} r WHERE r.id = t.request_id
        UNION ALL
        SELECT v.id, v.device_id, v.requester_name, v.created_at
        FROM ${requestVoters} v WHERE v.request_id = t.request_id
      ) person
      ORDER BY (coalesce(t.device_id, '') <> '' AND person.device_id = t.device_id) DESC,
        (lower(btrim(person.requester_name)) = lower(btrim(t.tipper_name))) DESC,
        person.created_at
      LIMIT 1
    ) who
    WHERE t.musician_id = ${musicianId} AND t.request_id IS NOT NULL
  ),
  scoped AS (
    SELECT r.id, true AS is_request, r.song_title, r.song_artist, r.requester_name,
      r.requester_email,
      greatest(r.tip_amount
        - coalesce((SELECT sum(v.tip_amount) FROM ${requestVoters} v WHERE v.request_id = r.id), 0)
        - coalesce((SELECT sum(c.amount) FROM credited c WHERE c.request_id = r.id), 0), 0)
        + coalesce((SELECT sum(c.amount) FROM credited c
          WHERE c.request_id = r.id AND c.voter_id IS NULL), 0) AS tip_amount,
      r.created_at, (r.created_at AT TIME ZONE ${timeZone})::date AS day
    FROM ${requests} r
    WHERE r.musician_id = ${musicianId} AND NOT r.blocked AND ${since(sql`r.created_at`)}
    UNION ALL
    SELECT v.id, true, r.song_title, r.song_artist, v.requester_name, v.requester_email,
      v.tip_amount + coalesce((SELECT sum(c.amount) FROM credited c WHERE c.voter_id = v.id), 0),
      v.created_at, (v.created_at AT TIME ZONE ${timeZone})::date AS day
    FROM ${requestVoters} v JOIN ${requests} r ON r.id = v.request_id
    WHERE v.musician_id = ${musicianId} AND NOT r.blocked AND ${since(sql`v.created_at`)}
    UNION ALL
    SELECT t.id, false, NULL, NULL, t.tipper_name, NULL, t.amount,
      t.created_at, (t.created_at AT TIME ZONE ${timeZone})::date AS day
    FROM ${tips} t
    WHERE t.musician_id = ${musicianId} AND t.request_id IS NULL
      AND ${since(sql`t.created_at`)}
  )`;
}

/** SQL of analytics: every query is scoped to one musician's requests. */
export function analyticsRepository(db: Db) {
  return {
    async totals(window: AnalyticsWindow): Promise<AnalyticsTotals> {
      const result = await db.execute(sql`
        WITH ${scoped(window)}
        SELECT (count(*) FILTER (WHERE is_request))::int AS total_requests,
          count(DISTINCT lower(requester_email))::int AS unique_requesters,
          (count(*) FILTER (WHERE is_request AND tip_amount > 0))::int AS requests_with_tips,
          round(coalesce(sum(tip_amount), 0), 2)::float8 AS total_tips
        FROM scoped`);
      return rowsOf<AnalyticsTotals>(result)[0]!;
    },

    /** One row per local day of the window, zero days included, oldest first. */
    async daily(window: AnalyticsWindow): Promise<DailyCount[]> {
      const { days, timeZone } = window;
      const first =
        days === null ? sql`(SELECT min(day) FROM scoped)` : sql`today - ${days - 1}::int`;
      const result = await db.execute(sql`
        WITH ${scoped(window)},
        bounds AS (SELECT (now() AT TIME ZONE ${timeZone})::date AS today),
        series AS (
          SELECT generate_series(${first}, today, interval '1 day')::date AS day FROM bounds
        )
        SELECT to_char(series.day, 'YYYY-MM-DD') AS date,
          (count(scoped.id) FILTER (WHERE scoped.is_request))::int AS requests,
          (count(scoped.id) FILTER (WHERE scoped.is_request AND scoped.tip_amount > 0))::int
            AS requests_with_tips,
          round(coalesce(sum(scoped.tip_amount), 0), 2)::float8 AS tips
        FROM series LEFT JOIN scoped ON scoped.day = series.day
        GROUP BY series.day
        ORDER BY series.day`);
      return rowsOf<DailyCount>(result);
    },

    /** Songs by requests, most first; a song is its title and artist as requested. */
    async topSongs(window: AnalyticsWindow, limit: number): Promise<TopSong[]> {
      const result = await db.execute(sql`
        WITH ${scoped(window)}
        SELECT (array_agg(song_title ORDER BY created_at DESC))[1] AS song,
          (array_agg(song_artist ORDER BY created_at DESC))[1] AS artist,
          count(*)::int AS count
        FROM scoped
        WHERE is_request
        GROUP BY lower(song_title), lower(song_artist)
        ORDER BY count DESC, lower(song_title), lower(song_artist)
        LIMIT ${limit}`);
      return rowsOf<TopSong>(result);
    },

    /** Requesters by requests (then tips), most first; `limit` null lists them all. */
    async requesters(window: AnalyticsWindow, limit: number | null): Promise<Requester[]> {
      const result = await db.execute(sql`
        WITH ${scoped(window)}
        SELECT (array_agg(requester_name ORDER BY created_at DESC))[1] AS requester_name,
          lower(requester_email) AS email,
          count(*)::int AS request_count,
          round(coalesce(sum(tip_amount), 0), 2)::float8 AS total_tips,
          min(created_at) AS first_request_at,
          max(created_at) AS last_request_at
        FROM scoped
        WHERE is_request
        GROUP BY lower(requester_email)
        ORDER BY request_count DESC, total_tips DESC, email
        ${limit === null ? sql`` : sql`LIMIT ${limit}`}`);
      return rowsOf<RequesterRow>(result).map(toRequester);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
