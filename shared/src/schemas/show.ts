import { z } from 'zod';
import { NAME_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH, SONG_FIELD_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';
import { MoneySummary, TimeZoneField } from './analytics.ts';
import { requiredText } from './common.ts';
import { hasNul } from '../nul-character.ts';

const SHOW_STATUSES = ['active', 'stopped', 'archived'] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

export const Show = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  status: z.enum(SHOW_STATUSES),
  /** Venue and date: what performing-rights setlist reports ask for ('' / null when unset). */
  venue_name: z.string(),
  venue_address: z.string(),
  /** YYYY-MM-DD, the day of the performance as the musician states it. */
  performed_on: z.string().nullable(),
  updated_at: z.string(),
  /**
   * Every request filed under the show, and those of them played: counted by the server, so
   * they do not depend on how much of the list a device has loaded.
   */
  request_count: z.number().int(),
  played_count: z.number().int(),
});
export type Show = z.infer<typeof Show>;

export const ShowListResponse = z.array(Show);

/** GET /shows/current and the show:updated event. */
export const CurrentShowResponse = z.object({ active: z.boolean(), show: Show.nullable() });
export type CurrentShowResponse = z.infer<typeof CurrentShowResponse>;

const optionalText = (maxLength: number) =>
  z
    .string()
    .trim()
    .max(maxLength)
    .refine((text) => !hasNul(text), messages.textHasNulCharacter);

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A real calendar date (YYYY-MM-DD) or empty; '' and null both clear it. */
const PerformedOnField = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string({ error: messages.showDateInvalid })
    .refine(isCalendarDate, messages.showDateInvalid)
    .nullable(),
);

export const SHOW_VENUE_MAX_LENGTH = SONG_FIELD_MAX_LENGTH;

const VenueFields = {
  venue_name: optionalText(SHOW_VENUE_MAX_LENGTH),
  venue_address: optionalText(SHORT_TEXT_MAX_LENGTH),
  performed_on: PerformedOnField,
};

/** POST /shows/start: the name, and optionally the venue and date (settable later too). */
export const StartShowBody = z.object({
  name: requiredText(messages.showNameRequired, NAME_MAX_LENGTH),
  venue_name: VenueFields.venue_name.default(''),
  venue_address: VenueFields.venue_address.default(''),
  performed_on: PerformedOnField.optional().transform((value) => value ?? null),
});
export type StartShowBody = z.input<typeof StartShowBody>;
export type StartShowData = z.output<typeof StartShowBody>;

/** PUT /shows/{id}: only the fields sent change; at least one is needed. */
export const UpdateShowBody = z
  .object({
    name: requiredText(messages.showNameRequired, NAME_MAX_LENGTH).optional(),
    venue_name: VenueFields.venue_name.optional(),
    venue_address: VenueFields.venue_address.optional(),
    performed_on: PerformedOnField.optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    messages.showNothingToUpdate,
  );
export type UpdateShowBody = z.input<typeof UpdateShowBody>;
export type UpdateShowData = z.output<typeof UpdateShowBody>;

/** ?format=&tz= of GET /shows/{id}/report (the CSV writes times on the clock of tz). */
export const ShowReportQuery = z.object({
  format: z.enum(['json', 'csv'], { error: messages.showReportFormatInvalid }).default('json'),
  tz: TimeZoneField,
});

/**
 * One song of the set as played. played_at is when its first request was marked played: the
 * request's updated_at once its status is played (the table keeps no separate time; only a tip
 * recorded on the request afterwards would move it).
 */
export const ShowReportSong = z.object({
  song_title: z.string(),
  song_artist: z.string(),
  /** From the song in the repertoire ('' when unknown or the song was deleted since). */
  songwriter: z.string(),
  played_at: z.string(),
  /** Requests for this song in this show (whatever became of them). */
  request_count: z.number().int(),
  /** Tips that arrived on them (card tips, app tips marked received). */
  tips: z.number(),
  /** What their requesters and tippers claimed beyond that: the phone's word, not money. */
  tips_claimed: z.number(),
});
export type ShowReportSong = z.infer<typeof ShowReportSong>;

/** GET /shows/{id}/report: the show with its venue, the set as played, and totals. */
export const ShowReport = z.object({
  show: Show,
  performer: z.string(),
  songs: z.array(ShowReportSong),
  total_requests: z.number().int(),
  /** Tips received on the show's requests; claims are apart in total_claimed. */
  total_tips: z.number(),
  total_claimed: z.number(),
  /** The show's money: received (paid requests included), claimed, refunded, fees, net. */
  money: MoneySummary,
});
export type ShowReport = z.infer<typeof ShowReport>;

/** The columns of the report's CSV (one line per song played). */
export const SHOW_REPORT_CSV_HEADER = [
  'Performance date',
  'Venue',
  'Venue address',
  'Performer',
  'Order',
  'Time played',
  'Song',
  'Artist',
  'Songwriter',
  'Requests',
  'Tips received',
  'Tips claimed',
] as const;
