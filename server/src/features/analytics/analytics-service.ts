import {
  REQUESTER_CSV_HEADER,
  TOP_LIST_MAX,
  type AnalyticsQuery,
  type DailyAnalyticsResponse,
  type RequestersResponse,
} from '#shared/schemas/analytics.ts';
import { csvText } from '#shared/song-csv.ts';
import type { AnalyticsRepository } from './analytics-repository.ts';
import { countedRows, dailyOf, requestersOf, topSongsOf, totalsOf } from './analytics-report.ts';
import { localDateTime } from '#server/downloads/local-time.ts';
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

  async function requesters(musicianId: string, query: AnalyticsQuery) {
    return requestersOf((await period(musicianId, query)).rows, null);
  }

  return {
    async daily(musicianId: string, query: AnalyticsQuery): Promise<DailyAnalyticsResponse> {
      const { rows, first, today } = await period(musicianId, query);
      return {
        days: query.days,
        time_zone: query.tz,
        daily: dailyOf(rows, first, today),
        totals: totalsOf(rows),
        top_songs: topSongsOf(rows, TOP_LIST_MAX),
        top_requesters: requestersOf(rows, TOP_LIST_MAX),
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
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
