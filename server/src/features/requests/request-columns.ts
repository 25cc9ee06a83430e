import { sql, type Kysely, type Transaction } from 'kysely';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { DB } from '#server/db/tables.ts';
import type { TipPlatform } from '#shared/audience-constants.ts';
import type { RequestTip } from '#shared/schemas/request.ts';
import { toSongRequest, type VoterRow } from './request-mapper.ts';

/**
 * Requests as the API shows them, with their show's name, from the database or from inside a
 * transaction; their social clicks and +1s are read apart (withClicksAndVoters), since the two
 * engines aggregate into arrays differently.
 */
export const selectRequests = (db: Kysely<DB>) =>
  db
    .selectFrom('requests as r')
    .leftJoin('shows as sh', 'sh.id', 'r.showId')
    .leftJoin('songs as song', 'song.id', 'r.songId')
    .select([
      'r.id',
      'r.songId',
      'r.songTitle',
      'r.songArtist',
      'r.requesterName',
      'r.requesterEmail',
      'r.dedication',
      'r.status',
      'r.tipAmount',
      'r.tipReceived',
      'r.payment',
      'r.tipClicked',
      'r.showId',
      'sh.name as showName',
      'r.createdAt',
      'r.updatedAt',
      'r.votes',
      'r.queuePosition',
      'r.playedAt',
      'song.durationSeconds',
    ]);

/** A blocked requester's requests exist only for them: no musician query ever reads them. */
export const selectVisible = (db: Kysely<DB>) => selectRequests(db).where('r.blocked', '=', false);

export type ListedRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

/** Ids a statement names at most: far under either engine's limit of parameters. */
const IDS_A_STATEMENT = 500;

type ExtraKind = 'click' | 'voter' | 'tip';

interface Extra {
  kind: ExtraKind;
  requestId: string;
  id: string;
  /** A click's platform, a +1's name, a tip's app. */
  name: string;
  /** A +1's dedication, a tip's sender. */
  dedication: string;
  tipAmount: string | number;
  /** A tip the musician marked received: 1 (0 otherwise; an expression, so a number). */
  received: number | string;
  createdAt: Date | number | string;
}

/**
 * The social clicks, the +1s, the payment-app tips and the paid card tips of these requests,
 * oldest first, in one statement a chunk.
 */
async function extrasOf(db: Kysely<DB>, ids: readonly string[]): Promise<Extra[]> {
  const extras: Extra[] = [];
  for (let at = 0; at < ids.length; at += IDS_A_STATEMENT) {
    const chunk = ids.slice(at, at + IDS_A_STATEMENT);
    const rows = await db
      .selectFrom('requestClicks as c')
      .select([
        sql<ExtraKind>`'click'`.as('kind'),
        'c.requestId',
        'c.id',
        'c.platform as name',
        sql<string>`''`.as('dedication'),
        sql<string>`'0'`.as('tipAmount'),
        sql<number>`0`.as('received'),
        'c.createdAt',
      ])
      .where('c.requestId', 'in', chunk)
      .where('c.type', '=', 'social')
      .unionAll(
        db
          .selectFrom('requestVoters as v')
          .select([
            sql<ExtraKind>`'voter'`.as('kind'),
            'v.requestId',
            'v.id',
            'v.requesterName as name',
            'v.dedication',
            'v.tipAmount',
            sql<number>`0`.as('received'),
            'v.createdAt',
          ])
          .where('v.requestId', 'in', chunk),
      )
      .unionAll(
        db
          .selectFrom('tips as t')
          .select([
            sql<ExtraKind>`'tip'`.as('kind'),
            sql<string>`t.request_id`.as('requestId'),
            't.id',
            't.platform as name',
            't.tipperName as dedication',
            't.amount as tipAmount',
            sql<number>`case when t.received_at is null then 0 else 1 end`.as('received'),
            't.createdAt',
          ])
          .where('t.requestId', 'in', chunk),
      )
      .unionAll(
        // A card tip counts once Stripe said it was paid: received from the start.
        db
          .selectFrom('payments as p')
          .select([
            sql<ExtraKind>`'tip'`.as('kind'),
            sql<string>`p.request_id`.as('requestId'),
            'p.id',
            sql<string>`'card'`.as('name'),
            'p.tipperName as dedication',
            'p.amount as tipAmount',
            sql<number>`1`.as('received'),
            'p.createdAt',
          ])
          .where('p.requestId', 'in', chunk)
          .where('p.kind', '=', 'tip')
          .where('p.status', '=', 'paid'),
      )
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    extras.push(...rows);
  }
  return extras;
}

/** The rows as devices see them: each with its social clicks and its +1s. */
export async function withClicksAndVoters(
  db: Kysely<DB> | Transaction<DB>,
  rows: readonly ListedRow[],
): Promise<SongRequest[]> {
  if (rows.length === 0) return [];
  const clicks = new Map<string, string[]>();
  const voters = new Map<string, VoterRow[]>();
  const tips = new Map<string, RequestTip[]>();
  for (const extra of await extrasOf(
    db,
    rows.map((row) => row.id),
  )) {
    if (extra.kind === 'click') {
      clicks.set(extra.requestId, [...(clicks.get(extra.requestId) ?? []), extra.name]);
    } else if (extra.kind === 'tip') {
      const tip = {
        id: extra.id,
        amount: Number(extra.tipAmount),
        platform: extra.name as TipPlatform,
        tipper_name: extra.dedication,
        received: Number(extra.received) === 1,
      };
      tips.set(extra.requestId, [...(tips.get(extra.requestId) ?? []), tip]);
    } else {
      const voter = {
        requester_name: extra.name,
        dedication: extra.dedication,
        tip_amount: extra.tipAmount,
        // A time as the engine gives an expression of a union: a Date, or milliseconds.
        created_at: new Date(extra.createdAt),
      };
      voters.set(extra.requestId, [...(voters.get(extra.requestId) ?? []), voter]);
    }
  }
  return rows.map((row) =>
    toSongRequest({
      ...songRequestFields(row),
      social_clicks: clicks.get(row.id) ?? [],
      voters: voters.get(row.id) ?? [],
      tips: tips.get(row.id) ?? [],
    }),
  );
}

/** A row's fields under the API's names (nothing else rides along). */
export function songRequestFields(row: ListedRow) {
  return {
    id: row.id,
    song_id: row.songId,
    song_title: row.songTitle,
    song_artist: row.songArtist,
    requester_name: row.requesterName,
    requester_email: row.requesterEmail,
    dedication: row.dedication,
    status: row.status,
    tip_amount: Number(row.tipAmount),
    tip_received: Number(row.tipReceived),
    payment: row.payment,
    tip_clicked: row.tipClicked,
    show_id: row.showId,
    show_name: row.showName,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    votes: row.votes,
    queue_position: row.queuePosition,
    duration_seconds: row.durationSeconds,
    played_at: row.playedAt,
  };
}
