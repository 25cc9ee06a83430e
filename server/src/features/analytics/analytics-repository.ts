import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import type { MoneyRows } from '#server/money/money-events.ts';
import { moneyRepository } from '#server/money/money-repository.ts';

/** A request of the musician, not blocked, as analytics reads it. */
export interface AnalyticsRequestRow {
  id: string;
  songTitle: string;
  songArtist: string;
  requesterName: string;
  requesterEmail: string;
  /** Money that arrived on it (tip_received); its tip_amount is only claimed. */
  tipReceived: string;
  deviceId: string;
  createdAt: Date;
}

/** A +1 on one of those requests: its tip is a claim, which analytics does not count. */
export interface AnalyticsVoterRow extends Omit<
  AnalyticsRequestRow,
  'songTitle' | 'songArtist' | 'tipReceived'
> {
  requestId: string;
}

/**
 * A tip to the musician that arrived: a payment-app tip the musician marked received, or a card
 * tip Stripe reported paid; on a request, or (`requestId` null) from the page's header. A tip
 * only claimed is not read.
 */
export interface AnalyticsTipRow {
  requestId: string | null;
  amount: string;
  deviceId: string;
  tipperName: string;
  createdAt: Date;
}

export interface AnalyticsRows {
  requests: AnalyticsRequestRow[];
  voters: AnalyticsVoterRow[];
  tips: AnalyticsTipRow[];
}

/**
 * Reads of analytics: every statement is scoped to one musician. The rows are read plainly; the
 * days, the tips' crediting and the sums are worked out in TypeScript (analytics-report.ts).
 */
export function analyticsRepository(db: Kysely<DB>) {
  const money = moneyRepository(db);
  return {
    /** The money since `since` (null: all time): tips, claims and card payments apart. */
    moneyRows(musicianId: string, since: Date | null): Promise<MoneyRows> {
      return money.rows(musicianId, { since });
    },

    /**
     * The rows of the period starting at `since` (null: all time): the requests and +1s made
     * since, and the tips sent since with no request. A tip on a request is credited by the
     * request's people (tip-crediting.ts), so a request made before `since` with a +1 since is
     * read too, with all its +1s and all its tips whenever sent: the caller counts by the day.
     * A blocked requester's requests are never read. Money counts only once it arrived: a
     * request's tip_received and the tips marked received (issue 45); claims are left out.
     */
    async rows(musicianId: string, since: Date | null): Promise<AnalyticsRows> {
      const ofPeriod = db
        .selectFrom('requests as r')
        .where('r.musicianId', '=', musicianId)
        .where('r.blocked', '=', false)
        .$if(since !== null, (query) =>
          query.where((eb) =>
            eb.or([
              eb('r.createdAt', '>=', since!),
              eb(
                'r.id',
                'in',
                eb
                  .selectFrom('requestVoters as v')
                  .select('v.requestId')
                  .where('v.musicianId', '=', musicianId)
                  .where('v.createdAt', '>=', since!),
              ),
            ]),
          ),
        );
      const relevant = ofPeriod.select('r.id');
      const read = await ofPeriod
        .select([
          'r.id',
          'r.songTitle',
          'r.songArtist',
          'r.requesterName',
          'r.requesterEmail',
          'r.tipReceived',
          'r.deviceId',
          'r.createdAt',
        ])
        .execute();
      // (A card tip refunded since has left tip_received: payments-repository's markRefunded.)
      const requests = read;
      const voters = await db
        .selectFrom('requestVoters')
        .select(['id', 'requestId', 'requesterName', 'requesterEmail', 'deviceId', 'createdAt'])
        .where('musicianId', '=', musicianId)
        .where('requestId', 'in', relevant)
        .execute();
      const appTips = await db
        .selectFrom('tips')
        .select(['requestId', 'amount', 'deviceId', 'tipperName', 'createdAt', 'platform'])
        .where('musicianId', '=', musicianId)
        .where('receivedAt', 'is not', null)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('requestId', 'is', null),
              ...(since === null ? [] : [eb('createdAt', '>=', since)]),
            ]),
            eb('requestId', 'in', relevant),
          ]),
        )
        .execute();
      // Card tips Stripe reported paid, from their payments (a card tip's tips row, if one is
      // kept, mirrors its payment: left out above). A refunded one is money that went back.
      const cardTips = await db
        .selectFrom('payments')
        .select(['requestId', 'amount', 'tipperName', 'paidAt', 'createdAt'])
        .where('musicianId', '=', musicianId)
        .where('kind', '=', 'tip')
        .where('status', '=', 'paid')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('requestId', 'is', null),
              ...(since === null ? [] : [eb('paidAt', '>=', since)]),
            ]),
            eb('requestId', 'in', relevant),
          ]),
        )
        .execute();
      const tips: AnalyticsTipRow[] = [
        ...appTips.filter((tip) => (tip.platform as string) !== 'card'),
        ...cardTips.map((tip) => ({
          requestId: tip.requestId,
          amount: tip.amount,
          deviceId: '',
          tipperName: tip.tipperName,
          createdAt: tip.paidAt ?? tip.createdAt,
        })),
      ];
      return { requests, voters, tips };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
