import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import { songKey } from '#shared/song-key.ts';
import { askerOf, folded, timeOf, unplayed } from './insights-expressions.ts';

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
  asked_at: Date | string | number;
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
 * hold the key's NUL separator; its digest can be stored.
 */
export function dismissalKey(title: string, artist: string): string {
  return createHash('sha256').update(songKey(title, artist)).digest('hex');
}

/** SQL of insights: every statement is scoped to the one musician who asks. */
export function insightsRepository(db: Kysely<DB>) {
  async function dismissedKeys(musicianId: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom('learnNextDismissals')
      .select('songKey')
      .where('musicianId', '=', musicianId)
      .execute();
    return new Set(rows.map((row) => row.songKey));
  }

  /**
   * The spellings (as SQL folds them) of the musician's open suggestions whose key was
   * dismissed: the digest is worked out here, so SQL needs no SHA-256 of its own.
   */
  async function dismissedSpellings(musicianId: string): Promise<[string, string][]> {
    const dismissed = await dismissedKeys(musicianId);
    if (dismissed.size === 0) return [];
    const spellings = await db
      .selectFrom('songSuggestions as s')
      .select([folded('s.suggestedTitle').as('title'), folded('s.suggestedArtist').as('artist')])
      .distinct()
      .where('s.musicianId', '=', musicianId)
      .where('s.status', 'in', ['pending', 'rejected'])
      .execute();
    return spellings
      .filter((row) => dismissed.has(dismissalKey(row.title, row.artist)))
      .map((row) => [row.title, row.artist]);
  }

  return {
    /**
     * The newest ASKS_READ_MAX suggestions still pending or turned down, grouped by spelling,
     * person and show. Songs already in the repertoire and dismissed ones are left out before
     * the cap (as far as SQL's lower() can tell: the service checks the exact keys again). A
     * suggestion belongs to the show running when it came: the latest show started before it,
     * unless that show had stopped by then.
     */
    async suggestionAsks(musicianId: string): Promise<AskRow[]> {
      const dismissed = await dismissedSpellings(musicianId);
      const rows = await db
        .with(
          (cte) => cte('candidates').materialized(),
          (db) =>
            db
              .selectFrom('songSuggestions as s')
              .where('s.musicianId', '=', musicianId)
              .where('s.status', 'in', ['pending', 'rejected'])
              .where(
                sql<boolean>`(${folded('s.suggestedTitle')}, ${folded('s.suggestedArtist')})
                  not in (select ${folded('r.title')}, ${folded('r.artist')} from songs r
                    where ${sql.ref('r.musicianId')} = ${musicianId})`,
              )
              .$if(dismissed.length > 0, (query) =>
                query.where(
                  sql<boolean>`(${folded('s.suggestedTitle')}, ${folded('s.suggestedArtist')})
                    not in (values ${sql.join(dismissed.map(([t, a]) => sql`(${t}, ${a})`))})`,
                ),
              )
              .orderBy('s.createdAt', 'desc')
              .limit(ASKS_READ_MAX)
              .select((eb) => [
                's.suggestedTitle as title',
                's.suggestedArtist as artist',
                's.createdAt',
                eb.fn
                  .coalesce(
                    sql<string>`'email:' || nullif(lower(${sql.ref('s.requesterEmail')}), '')`,
                    sql<string>`'ask:' || cast(${sql.ref('s.id')} as text)`,
                  )
                  .as('who'),
              ]),
        )
        // The latest show started before each suggestion (a LATERAL join, said the portable way).
        .with('dated', (db) =>
          db
            .selectFrom('candidates as c')
            .select((eb) => [
              'c.title',
              'c.artist',
              'c.who',
              'c.createdAt',
              eb
                .selectFrom('shows as sh')
                .select('sh.id')
                .where('sh.musicianId', '=', musicianId)
                .whereRef('sh.date', '<=', 'c.createdAt')
                .orderBy('sh.date', 'desc')
                .limit(1)
                .as('latestShowId'),
            ]),
        )
        .with('placed', (db) =>
          db
            .selectFrom('dated as c')
            .leftJoin('shows as sh', 'sh.id', 'c.latestShowId')
            .select((eb) => {
              const running = eb.or([
                eb('sh.stoppedAt', 'is', null),
                eb('sh.stoppedAt', '>=', eb.ref('c.createdAt')),
              ]);
              return [
                'c.title',
                'c.artist',
                'c.who',
                'c.createdAt',
                eb.case().when(running).then(eb.ref('sh.id')).end().as('showId'),
                eb.case().when(running).then(eb.ref('sh.name')).end().as('showName'),
              ];
            }),
        )
        .selectFrom('placed')
        .groupBy(['title', 'artist', 'who', 'showId'])
        .select((eb) => [
          'title',
          'artist',
          'who',
          'showId',
          eb.fn.min('showName').as('showName'),
          eb.fn.countAll().as('asks'),
          eb.fn.max('createdAt').as('askedAt'),
        ])
        .execute();
      return rows.map((row) => ({
        title: row.title,
        artist: row.artist,
        who: row.who,
        show_id: row.showId,
        show_name: row.showName,
        asks: Number(row.asks),
        asked_at: timeOf(row.askedAt),
      }));
    },

    /**
     * The newest ASKS_READ_MAX requests (and +1s) of the musician's songs that were not played,
     * grouped by song, person and show. Turned down counts at once; still waiting (pending,
     * accepted, up next) counts only once the show it came in has ended, since a request in the
     * live queue may still be played. Blocked requesters never count.
     */
    async unplayedAsks(musicianId: string): Promise<RequestAskRow[]> {
      const rows = await db
        .with('requested', (db) =>
          db
            .selectFrom('requests as r')
            .where('r.musicianId', '=', musicianId)
            .where((eb) => unplayed(eb, musicianId))
            .orderBy('r.createdAt', 'desc')
            .limit(ASKS_READ_MAX)
            .select(['r.songId', 'r.showId', 'r.createdAt', askerOf('r').as('who')]),
        )
        .with('voted', (db) =>
          db
            .selectFrom('requestVoters as v')
            .innerJoin('requests as r', 'r.id', 'v.requestId')
            .where('v.musicianId', '=', musicianId)
            .where((eb) => unplayed(eb, musicianId))
            .orderBy('v.createdAt', 'desc')
            .limit(ASKS_READ_MAX)
            .select(['r.songId', 'r.showId', 'v.createdAt', askerOf('v').as('who')]),
        )
        .with(
          (cte) => cte('newest').materialized(),
          (db) =>
            db
              .selectFrom('requested')
              .selectAll()
              .unionAll(db.selectFrom('voted').selectAll())
              .orderBy('createdAt', 'desc')
              .limit(ASKS_READ_MAX),
        )
        .selectFrom('newest as n')
        .innerJoin('songs as s', (join) =>
          join.onRef('s.id', '=', 'n.songId').on('s.musicianId', '=', musicianId),
        )
        .groupBy(['n.songId', 'n.who', 'n.showId', 's.title', 's.artist'])
        .select((eb) => [
          'n.songId',
          'n.who',
          'n.showId',
          's.title',
          's.artist',
          eb.fn.countAll().as('asks'),
          eb.fn.max('n.createdAt').as('askedAt'),
        ])
        .execute();
      return rows.map((row) => ({
        song_id: row.songId!,
        title: row.title,
        artist: row.artist,
        who: row.who,
        show_id: row.showId,
        show_name: null,
        asks: Number(row.asks),
        asked_at: timeOf(row.askedAt),
      }));
    },

    /** Requests, people and plays of the given songs of the musician, all time. */
    async requestTotals(musicianId: string, songIds: string[]): Promise<RequestTotalsRow[]> {
      if (songIds.length === 0) return [];
      const rows = await db
        .with('asks', (db) =>
          db
            .selectFrom('requests as r')
            .where('r.musicianId', '=', musicianId)
            .where('r.blocked', '=', false)
            .where('r.songId', 'in', songIds)
            .select(['r.songId', 'r.status', askerOf('r').as('who')])
            .unionAll(
              db
                .selectFrom('requestVoters as v')
                .innerJoin('requests as r', 'r.id', 'v.requestId')
                .where('v.musicianId', '=', musicianId)
                .where('r.blocked', '=', false)
                .where('r.songId', 'in', songIds)
                .select(['r.songId', 'r.status', askerOf('v').as('who')]),
            ),
        )
        .selectFrom('asks')
        .groupBy('songId')
        .select((eb) => [
          'songId',
          eb.fn.count('who').distinct().as('requesters'),
          eb.fn.countAll().as('requests'),
          eb.fn.countAll().filterWhere('status', '=', 'played').as('played'),
        ])
        .execute();
      return rows.map((row) => ({
        song_id: row.songId!,
        requesters: Number(row.requesters),
        requests: Number(row.requests),
        played: Number(row.played),
      }));
    },

    /** Titles and artists of the musician's songs (at most SONGS_PER_MUSICIAN_MAX). */
    async repertoire(musicianId: string): Promise<{ title: string; artist: string }[]> {
      return db
        .selectFrom('songs')
        .select(['title', 'artist'])
        .where('musicianId', '=', musicianId)
        .execute();
    },

    /** The musician's dismissed keys (at most LEARN_NEXT_DISMISSALS_MAX). */
    dismissedKeys,

    /**
     * Dismisses the key unless the musician already has `max` dismissals: 'full' then. Already
     * dismissed is fine (idempotent). Two dismissals at the same moment may pass `max` by one.
     */
    async dismiss(musicianId: string, key: string, max: number): Promise<'dismissed' | 'full'> {
      const inserted = await db
        .insertInto('learnNextDismissals')
        .columns(['musicianId', 'songKey'])
        // From the musician's row: the id keeps its column's type without a cast.
        .expression((eb) =>
          eb
            .selectFrom('musicians')
            .select((eb) => ['musicians.id', eb.val(key).as('songKey')])
            .where('musicians.id', '=', musicianId)
            .where(
              (eb) =>
                eb
                  .selectFrom('learnNextDismissals')
                  .select((eb) => eb.fn.countAll().as('count'))
                  .where('musicianId', '=', musicianId),
              '<',
              max,
            ),
        )
        .onConflict((conflict) => conflict.doNothing())
        .returning('songKey')
        .executeTakeFirst();
      if (inserted) return 'dismissed';
      const existing = await db
        .selectFrom('learnNextDismissals')
        .select('songKey')
        .where('musicianId', '=', musicianId)
        .where('songKey', '=', key)
        .executeTakeFirst();
      return existing ? 'dismissed' : 'full';
    },

    async undismiss(musicianId: string, key: string): Promise<void> {
      await db
        .deleteFrom('learnNextDismissals')
        .where('musicianId', '=', musicianId)
        .where('songKey', '=', key)
        .execute();
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
