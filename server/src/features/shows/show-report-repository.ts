import { type Kysely, sql } from 'kysely';
import type { ShowReportSong } from '#shared/schemas/show.ts';
import type { DB } from '#server/db/tables.ts';
import type { MoneyRows } from '#server/money/money-events.ts';
import { moneyRepository } from '#server/money/money-repository.ts';

interface TotalsRow {
  performer: string;
  total_requests: number;
  total_tips: number;
  total_claimed: number;
}

/** What a request's claims hold beyond the money that arrived on it (never below 0). */
const claimedOnly = (claimed: string, received: string) =>
  sql<string>`case when ${sql.ref(claimed)} > ${sql.ref(received)}
    then ${sql.ref(claimed)} - ${sql.ref(received)} else 0 end`;

/**
 * The title or artist of a song's first request in the show: a song is its title and artist as
 * requested, told apart regardless of case.
 */
const firstAsked = (column: 'r.songTitle' | 'r.songArtist') =>
  sql<string>`first_value(${sql.ref(column)}) over (
    partition by lower(${sql.ref('r.songTitle')}), lower(${sql.ref('r.songArtist')})
    order by ${sql.ref('r.createdAt')})`;

/** The set as played of one show, read from its requests (scoped to the musician). */
export function showReportRepository(db: Kysely<DB>) {
  const money = moneyRepository(db);
  return {
    /** The money that came on the show's requests: tips, claims and card payments apart. */
    moneyRows(musicianId: string, showId: string): Promise<MoneyRows> {
      return money.rows(musicianId, { showId });
    },

    /**
     * Songs with at least one played request in the show, in the order they were played. A song
     * is its title and artist as requested; its songwriter comes from the repertoire.
     */
    async playedSongs(musicianId: string, showId: string): Promise<ShowReportSong[]> {
      const rows = await db
        .with('asked', (db) =>
          db
            .selectFrom('requests as r')
            .leftJoin('songs as s', (join) =>
              join.onRef('s.id', '=', 'r.songId').onRef('s.musicianId', '=', 'r.musicianId'),
            )
            .where('r.musicianId', '=', musicianId)
            .where('r.showId', '=', showId)
            .where('r.blocked', '=', false)
            .select([
              'r.songTitle',
              'r.songArtist',
              'r.status',
              'r.updatedAt',
              'r.votes',
              'r.tipAmount',
              'r.tipReceived',
              's.songwriter',
              firstAsked('r.songTitle').as('firstTitle'),
              firstAsked('r.songArtist').as('firstArtist'),
            ]),
        )
        .selectFrom('asked')
        .select((eb) => [
          eb.fn.min('firstTitle').as('title'),
          eb.fn.min('firstArtist').as('artist'),
          eb.fn
            .coalesce(eb.fn.max(eb.fn('nullif', ['songwriter', eb.val('')])), eb.val(''))
            .as('writer'),
          eb.fn.min('updatedAt').filterWhere('status', '=', 'played').as('playedAt'),
          eb.fn.sum('votes').as('requestCount'),
          eb
            .fn('round', [eb.fn.coalesce(eb.fn.sum('tipReceived'), eb.lit(0)), eb.lit(2)])
            .as('tips'),
          eb
            .fn('round', [
              eb.fn.coalesce(eb.fn.sum(claimedOnly('tipAmount', 'tipReceived')), eb.lit(0)),
              eb.lit(2),
            ])
            .as('claimed'),
        ])
        .groupBy((eb) => [eb.fn('lower', ['songTitle']), eb.fn('lower', ['songArtist'])])
        .having((eb) => eb.fn.countAll().filterWhere('status', '=', 'played'), '>', 0)
        .orderBy('playedAt')
        .orderBy('title')
        .execute();
      // Aggregates come back as each engine gives them: a sum as a string or a number, a
      // timestamp as a Date or milliseconds.
      return rows.map((row) => ({
        song_title: row.title,
        song_artist: row.artist,
        songwriter: String(row.writer),
        played_at: new Date(row.playedAt as Date | number).toISOString(),
        request_count: Number(row.requestCount),
        tips: Number(row.tips),
        tips_claimed: Number(row.claimed),
      }));
    },

    /** The performer's name and every request of the show, played or not. */
    async totals(musicianId: string, showId: string): Promise<TotalsRow | undefined> {
      const row = await db
        .selectFrom('musicians as m')
        .leftJoin('requests as r', (join) =>
          join
            .onRef('r.musicianId', '=', 'm.id')
            .on('r.showId', '=', showId)
            .on('r.blocked', '=', false),
        )
        .where('m.id', '=', musicianId)
        .groupBy(['m.id', 'm.name'])
        .select((eb) => [
          'm.name as performer',
          eb.fn.sum('r.votes').as('requests'),
          eb
            .fn('round', [eb.fn.coalesce(eb.fn.sum('r.tipReceived'), eb.lit(0)), eb.lit(2)])
            .as('tips'),
          eb
            .fn('round', [
              eb.fn.coalesce(eb.fn.sum(claimedOnly('r.tipAmount', 'r.tipReceived')), eb.lit(0)),
              eb.lit(2),
            ])
            .as('claimed'),
        ])
        .executeTakeFirst();
      return (
        row && {
          performer: row.performer,
          total_requests: Number(row.requests ?? 0),
          total_tips: Number(row.tips),
          total_claimed: Number(row.claimed),
        }
      );
    },
  };
}

export type ShowReportRepository = ReturnType<typeof showReportRepository>;
