import { messages } from '#shared/messages.ts';
import {
  REQUESTER_CSV_HEADER,
  TOP_LIST_MAX,
  type AnalyticsQuery,
  type DailyAnalyticsResponse,
  type RequestersResponse,
} from '#shared/schemas/analytics.ts';
import { csvText } from '#shared/song-csv.ts';
import { badRequest } from '#server/http/errors.ts';
import type { AnalyticsRepository, AnalyticsWindow } from './analytics-repository.ts';
import { localDateTime } from '#server/downloads/local-time.ts';

/** PostgreSQL's "time zone not recognized" (an alias the runtime knows but the database not). */
const INVALID_PARAMETER_VALUE = '22023';

function isUnknownTimeZone(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === INVALID_PARAMETER_VALUE) return true;
    current = cause;
  }
  return false;
}

/** The database's refusal of a time zone is the caller's to fix: a 400, never a 500. */
async function orBadTimeZone<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUnknownTimeZone(error)) throw badRequest(messages.analyticsTimeZoneInvalid);
    throw error;
  }
}

/** The Analytics tab: only ever the asking musician's own requests. */
export function analyticsService({ analytics }: { analytics: AnalyticsRepository }) {
  const windowOf = (musicianId: string, query: AnalyticsQuery): AnalyticsWindow => ({
    musicianId,
    days: query.days,
    timeZone: query.tz,
  });

  async function requesters(musicianId: string, query: AnalyticsQuery) {
    return orBadTimeZone(analytics.requesters(windowOf(musicianId, query), null));
  }

  return {
    async daily(musicianId: string, query: AnalyticsQuery): Promise<DailyAnalyticsResponse> {
      const window = windowOf(musicianId, query);
      // One after the other: PGlite runs one statement at a time anyway.
      const daily = await orBadTimeZone(analytics.daily(window));
      const totals = await analytics.totals(window);
      const topSongs = await analytics.topSongs(window, TOP_LIST_MAX);
      const topRequesters = await analytics.requesters(window, TOP_LIST_MAX);
      return {
        days: query.days,
        time_zone: query.tz,
        daily,
        totals,
        top_songs: topSongs,
        top_requesters: topRequesters,
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
