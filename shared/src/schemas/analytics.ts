/**
 * The Analytics tab (spec sections 2, 3 and 9): what the musician's audience asked for, by the
 * musician's own calendar days.
 *
 * Days are counted in the time zone the client names in `tz` (an IANA name such as
 * America/New_York; the browser sends its own), UTC when absent. `days=N` covers today and the
 * N - 1 days before it; no `days` means all time.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';

/** Spec section 9: the period selector's values and how many days each covers (null: all). */
export const ANALYTICS_PERIODS = {
  today: 1,
  last7days: 7,
  last30days: 30,
  last3months: 90,
  lastyear: 365,
  alltime: null,
} as const;
export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'alltime';
/** The localStorage key the period is kept under (spec section 9). */
export const ANALYTICS_PERIOD_STORAGE_KEY = 'analytics_period';
/** Stored values an older build wrote that now reset to the default (spec section 9). */
export const ANALYTICS_PERIODS_RESET: readonly string[] = ['last7days', 'last30days'];
/**
 * Set beside the period by this build: an old value is one stored without it, so a period the
 * musician picks now (last7days included) is kept.
 */
export const ANALYTICS_PERIOD_CURRENT_KEY = 'analytics_period_current';

/** The daily view: weekly 7 days, monthly 30 days (spec section 9). */
export const DAILY_VIEWS = { weekly: 7, monthly: 30 } as const;
export type DailyView = keyof typeof DAILY_VIEWS;

/** Top lists of 10, 20 or 50 (spec section 9); the API answers the longest. */
export const TOP_LIST_SIZES = [10, 20, 50] as const;
export type TopListSize = (typeof TOP_LIST_SIZES)[number];
export const TOP_LIST_MAX = 50;

/** Ten years: more than any period of the selector, small enough to bound a day series. */
export const ANALYTICS_MAX_DAYS = 3650;
const TIME_ZONE_MAX_LENGTH = 64;

/** True for a time zone name this runtime knows (the database may still refuse an odd alias). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DaysField = z
  .string({ error: messages.analyticsDaysInvalid })
  .optional()
  .refine(
    (value) =>
      value === undefined ||
      (/^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= ANALYTICS_MAX_DAYS),
    messages.analyticsDaysInvalid,
  )
  .transform((value) => (value === undefined ? null : Number(value)));

/** ?tz=: an IANA time zone name, UTC when absent. */
export const TimeZoneField = z
  .string({ error: messages.analyticsTimeZoneInvalid })
  .optional()
  .refine(
    (value) =>
      value === undefined ||
      (value.length <= TIME_ZONE_MAX_LENGTH &&
        /^[A-Za-z0-9_+\-/]+$/.test(value) &&
        isTimeZone(value)),
    messages.analyticsTimeZoneInvalid,
  )
  .transform((value) => value ?? 'UTC');

/** ?days=&tz= of every analytics route. */
export const AnalyticsQuery = z.object({ days: DaysField, tz: TimeZoneField });
export type AnalyticsQuery = z.output<typeof AnalyticsQuery>;

/** One calendar day of the musician (YYYY-MM-DD in `time_zone`). */
export const DailyCount = z.object({
  date: z.string(),
  requests: z.number().int(),
  requests_with_tips: z.number().int(),
  /** Tips received on that day's requests (money that arrived), in dollars. */
  tips: z.number(),
});
export type DailyCount = z.infer<typeof DailyCount>;

export const AnalyticsTotals = z.object({
  total_requests: z.number().int(),
  /** Distinct requester emails (case-insensitive). */
  unique_requesters: z.number().int(),
  /** Requests that carry a tip amount above 0. */
  requests_with_tips: z.number().int(),
  /** Tips received (money that arrived; claims count nothing), in dollars. */
  total_tips: z.number(),
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotals>;

export const TopSong = z.object({
  /** The song's title as requested (kept even if the song was deleted since). */
  song: z.string(),
  artist: z.string(),
  count: z.number().int(),
});
export type TopSong = z.infer<typeof TopSong>;

/** A requester, known by their email (case-insensitive); the name is the latest they used. */
export const Requester = z.object({
  requester_name: z.string(),
  email: z.string(),
  request_count: z.number().int(),
  total_tips: z.number(),
  first_request_at: z.string(),
  last_request_at: z.string(),
});
export type Requester = z.infer<typeof Requester>;

/**
 * The musician's money in a period or a show, kept apart by what it is (issue 45): `received`
 * arrived (card payments Stripe reported paid, and payment-app tips the musician marked
 * received); `claimed` is only the phone's word (app tips not marked received, and what requests
 * and +1s said they tipped beyond the tips recorded on them); `refunded` went back to the card.
 * `fees` are Stripe's, where known (of payments paid or refunded: Stripe keeps the fee of a
 * refunded charge); `net` = received - fees. A claim moves no other figure.
 */
export const MoneySummary = z.object({
  received: z.number(),
  /** Of `received`: card tips and paid requests. */
  received_by_card: z.number(),
  /** Of `received`: payment-app tips marked received. */
  received_by_app: z.number(),
  claimed: z.number(),
  refunded: z.number(),
  fees: z.number(),
  net: z.number(),
  /** Card payments whose fee Stripe has not told (not in `fees`). */
  payments_without_fee: z.number().int(),
});
export type MoneySummary = z.infer<typeof MoneySummary>;

export const EMPTY_MONEY: MoneySummary = {
  received: 0,
  received_by_card: 0,
  received_by_app: 0,
  claimed: 0,
  refunded: 0,
  fees: 0,
  net: 0,
  payments_without_fee: 0,
};

/**
 * GET /api/analytics/daily?days=&tz=. `daily` has one entry per day of the period, oldest
 * first, zero days included (all time: from the day of the first request to today; empty
 * without requests). top_songs and top_requesters hold at most TOP_LIST_MAX, most first.
 */
export const DailyAnalyticsResponse = z.object({
  days: z.number().int().nullable(),
  time_zone: z.string(),
  daily: z.array(DailyCount),
  totals: AnalyticsTotals,
  top_songs: z.array(TopSong),
  top_requesters: z.array(Requester),
  /** The period's money: received, claimed, refunded and fees apart. */
  money: MoneySummary,
});
export type DailyAnalyticsResponse = z.infer<typeof DailyAnalyticsResponse>;

/** GET /api/analytics/requesters?days=&tz=: every requester of the period, most requests first. */
export const RequestersResponse = z.object({ requesters: z.array(Requester) });
export type RequestersResponse = z.infer<typeof RequestersResponse>;

/** The columns of GET /api/analytics/export-requesters (CSV). */
export const REQUESTER_CSV_HEADER = [
  'Name',
  'Email',
  'Requests',
  'Total tips',
  'First request',
  'Last request',
] as const;

/** The columns of GET /api/analytics/export-payments (CSV): one line per money event. */
export const PAYMENT_CSV_HEADER = [
  'Date (UTC)',
  'Kind',
  'Amount',
  'Fee',
  'Net',
  'Status',
  'Platform',
  'Song',
  'Tipper name',
  'Message',
] as const;

/** What a money event is, and how the payments CSV names it. */
export const MONEY_EVENT_KINDS = {
  card_tip: 'card tip',
  paid_request: 'paid request',
  app_tip_received: 'app tip received',
  app_tip_claimed: 'app tip claimed',
} as const;
export type MoneyEventKind = keyof typeof MONEY_EVENT_KINDS;
export type MoneyEventStatus = 'paid' | 'refunded' | 'claimed' | 'received';

/** Digital tips percent (spec section 2): requests with tips over total requests, rounded. */
export function digitalTipsPercent(totals: AnalyticsTotals): number {
  return totals.total_requests === 0
    ? 0
    : Math.round((totals.requests_with_tips / totals.total_requests) * 100);
}
