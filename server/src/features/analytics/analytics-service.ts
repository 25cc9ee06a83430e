import {
  MONEY_EVENT_KINDS,
  PAYMENT_CSV_HEADER,
  REQUESTER_CSV_HEADER,
  TOP_LIST_MAX,
  type AnalyticsQuery,
  type DailyAnalyticsResponse,
  type RequestersResponse,
} from '#shared/schemas/analytics.ts';
import { csvField, csvText } from '#shared/song-csv.ts';
import type { AnalyticsRepository } from './analytics-repository.ts';
import { countedRows, dailyOf, requestersOf, topSongsOf, totalsOf } from './analytics-report.ts';
import { localDateTime } from '#server/downloads/local-time.ts';
import {
  moneyEvents,
  moneySummary,
  netCents,
  type MoneyEvent,
} from '#server/money/money-events.ts';
import { addDays, earliestStartOf, localDayIn } from './local-day.ts';

/** The Analytics tab: only ever the asking musician's own requests. */
export function analyticsService({ analytics }: { analytics: AnalyticsRepository }) {
  /**
   * The period's rows, each on its day in the musician's time zone (the query's tz, checked by
   * the runtime's own zone data), and its first day and today (null first: all time).
   */
  async function period(musicianId: string, query: AnalyticsQuery) {
    const dayOf = localDayIn(query.tz);
    const today = dayOf(new Date());
    const first = query.days === null ? null : addDays(today, 1 - query.days);
    const rows = await analytics.rows(musicianId, first === null ? null : earliestStartOf(first));
    return { rows: countedRows(rows, first, dayOf), first, today };
  }

  /** The period's money events (money-events.ts), each on the musician's day it happened. */
  async function money(musicianId: string, query: AnalyticsQuery): Promise<MoneyEvent[]> {
    const dayOf = localDayIn(query.tz);
    const first = query.days === null ? null : addDays(dayOf(new Date()), 1 - query.days);
    const rows = await analytics.moneyRows(
      musicianId,
      first === null ? null : earliestStartOf(first),
    );
    return moneyEvents(rows).filter((event) => first === null || dayOf(event.at) >= first);
  }

  async function requesters(musicianId: string, query: AnalyticsQuery) {
    return requestersOf((await period(musicianId, query)).rows, null);
  }

  return {
    async daily(musicianId: string, query: AnalyticsQuery): Promise<DailyAnalyticsResponse> {
      const { rows, first, today } = await period(musicianId, query);
      const events = await money(musicianId, query);
      return {
        days: query.days,
        time_zone: query.tz,
        daily: dailyOf(rows, first, today),
        totals: totalsOf(rows),
        top_songs: topSongsOf(rows, TOP_LIST_MAX),
        top_requesters: requestersOf(rows, TOP_LIST_MAX),
        money: moneySummary(events),
      };
    },

    async requesters(musicianId: string, query: AnalyticsQuery): Promise<RequestersResponse> {
      return { requesters: await requesters(musicianId, query) };
    },

    /** The requesters as CSV (spreadsheet-safe: formula-looking cells are made inert). */
    async requestersCsv(musicianId: string, query: AnalyticsQuery): Promise<string> {
      const rows = (await requesters(musicianId, query)).map((requester) => [
        requester.requester_name,
        requester.email,
        String(requester.request_count),
        requester.total_tips.toFixed(2),
        localDateTime(requester.first_request_at, query.tz),
        localDateTime(requester.last_request_at, query.tz),
      ]);
      return csvText([REQUESTER_CSV_HEADER, ...rows]);
    },

    /**
     * The period's money for the musician's books, one line per event, oldest first, at its
     * instant in UTC. Amounts are written as numbers (a refund's net is negative: the fee Stripe
     * kept); every text cell is made inert as in any CSV of ours. No email, token or Stripe id.
     */
    async paymentsCsv(musicianId: string, query: AnalyticsQuery): Promise<string> {
      const amount = (inCents: number) => (inCents / 100).toFixed(2);
      const lines = (await money(musicianId, query)).map((event) =>
        [
          csvField(event.at.toISOString()),
          csvField(MONEY_EVENT_KINDS[event.kind]),
          amount(event.amountCents),
          event.feeCents === null ? '' : amount(event.feeCents),
          amount(netCents(event)),
          csvField(event.status),
          csvField(event.platform),
          csvField(event.song),
          csvField(event.tipperName),
          csvField(event.message),
        ].join(','),
      );
      return csvText([PAYMENT_CSV_HEADER]) + lines.map((line) => `${line}\r\n`).join('');
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
