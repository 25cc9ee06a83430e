import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_MIN_LENGTH,
  PAID_REQUEST_PRICE_MIN,
  TEXT_MAX_LENGTH,
  TIP_MAX_AMOUNT,
} from '../limits.ts';
import { messages } from '../messages.ts';
import { requiredText } from './common.ts';
import { QueueOrder } from './queue-order.ts';

/** Fields anyone may see on the audience page (payment handles are meant to be shared). */
export const PublicMusician = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  bio: z.string(),
  website: z.string(),
  venmo_link: z.string(),
  paypal_username: z.string(),
  venmo_username: z.string(),
  cash_app_username: z.string(),
  zelle_email: z.string(),
  zelle_phone: z.string(),
  instagram_username: z.string(),
  facebook_username: z.string(),
  tiktok_username: z.string(),
  spotify_artist_url: z.string(),
  apple_music_artist_url: z.string(),
  venmo_enabled: z.boolean(),
  paypal_enabled: z.boolean(),
  cash_app_enabled: z.boolean(),
  zelle_enabled: z.boolean(),
  tips_enabled: z.boolean(),
  /**
   * Whether requests are taken now: the Requests switch, and inside the request window (issue
   * 22). Before requests_open_at and after requests_close_at it reads false.
   */
  requests_enabled: z.boolean(),
  /**
   * The request window (ISO 8601), or null for no bound on that side. Absent reads as null: a
   * session stored by an earlier build (session-storage.ts) stays signed in.
   */
  requests_open_at: z.string().nullable().default(null),
  requests_close_at: z.string().nullable().default(null),
  /** The venue screen (/screen/{slug}) is on: the default; off, it says so (issue 22). */
  venue_screen_enabled: z.boolean().default(true),
  /** The queue in the open: the audience page shows the queue and takes +1 votes (issue 22). */
  public_queue: z.boolean().default(false),
  /** The audience may tip by card, Apple Pay or Google Pay (Stripe; issue 45). */
  card_tips: z.boolean().default(false),
  /** "Skip the line for $X": null unless cards are taken and the musician set a price. */
  paid_request_price: z.number().nullable().default(null),
});
export type PublicMusician = z.infer<typeof PublicMusician>;

/**
 * No repeats (issue 22): 'allow' (the spec's default: any song any time), 'show' (a song played
 * in the running show cannot be asked for again), 'hours' (not within repeat_hours of its play).
 */
export const REPEAT_RULES = ['allow', 'show', 'hours'] as const;
export type RepeatRule = (typeof REPEAT_RULES)[number];
export const REPEAT_HOURS_MIN = 1;
export const REPEAT_HOURS_MAX = 72;

/** The signed-in musician's own profile. */
export const Musician = PublicMusician.extend({
  email: z.string(),
  /**
   * How the waiting requests are ordered (queue-order.ts). The server always sends it; absent
   * only in a profile a device saved before it existed, which reads as 'arrival'.
   */
  queue_order: QueueOrder.optional(),
  repeat_rule: z.enum(REPEAT_RULES),
  /** Used under the 'hours' rule; kept while another rule is chosen. */
  repeat_hours: z.number().int(),
  /** Dedications shown on the venue screen: off by default, they are often private. */
  venue_screen_dedications: z.boolean().default(false),
  /**
   * Card payments on (the musician's switch on an install with its own Stripe keys; on a hosted
   * service, whether their Stripe account can take charges).
   */
  card_payments_enabled: z.boolean().default(false),
  /**
   * A public recap of each show once it has ended: the songs played that night, with the tip and
   * follow links. Off by default: publishing a setlist is the musician's choice.
   */
  show_recaps: z.boolean().default(false),
  // paid_request_price here is the price as set, whether or not cards are taken now.
  created_at: z.string(),
  /** Lets devices apply profile:updated idempotently. */
  updated_at: z.string(),
});
export type Musician = z.infer<typeof Musician>;

export const SlugParams = z.object({ slug: z.string().trim().toLowerCase().max(SLUG_MAX_LENGTH) });

export const SlugField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, messages.slugInvalid)
  .min(SLUG_MIN_LENGTH, messages.slugInvalid)
  .max(SLUG_MAX_LENGTH, messages.slugInvalid);

/** Handles are entered without @ (or $ for Cash App); a pasted prefix is dropped. */
function handle(prefix: '@' | '$') {
  return z
    .string()
    .trim()
    .max(SHORT_TEXT_MAX_LENGTH)
    .transform((value) => (value.startsWith(prefix) ? value.slice(1).trim() : value));
}

const shortText = z.string().trim().max(SHORT_TEXT_MAX_LENGTH);

/** The URL a typed web address names, with https:// assumed when no scheme was typed. */
function withScheme(text: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
}

function asWebUrl(text: string): URL | undefined {
  try {
    const url = new URL(withScheme(text));
    const webScheme = url.protocol === 'https:' || url.protocol === 'http:';
    return webScheme && url.hostname.includes('.') ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A web address field: blank clears it; "example.com" becomes "https://example.com"; hosts, when
 * given, say which site the link must point at (a Spotify link must open Spotify).
 */
function webAddress(message: string, hosts?: readonly string[]) {
  return shortText.transform((text, ctx) => {
    if (text === '') return text;
    const url = asWebUrl(text);
    const hostOk =
      url && (!hosts || hosts.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`)));
    if (!url || !hostOk) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return withScheme(text);
  });
}

/** Blank, or an email address (Zelle sends to an email or a phone number). */
const zelleEmail = shortText.refine(
  (text) => text === '' || z.email().safeParse(text).success,
  messages.zelleEmailInvalid,
);

/** Blank, or a phone number as people type it: digits with spaces, dots, dashes, brackets, +. */
const zellePhone = shortText.refine(
  (text) => text === '' || (/^\+?[\d\s().-]+$/.test(text) && /(\d.*){7,15}/.test(text)),
  messages.zellePhoneInvalid,
);

/** How far from now a request window's time may be (a typo of the year is refused). */
export const REQUEST_WINDOW_MAX_DAYS = 30;

/** A request window's time: ISO 8601 with a zone (Z or +hh:mm), or null for none. */
const windowTime = z
  .string({ error: messages.requestWindowTimeInvalid })
  .trim()
  .max(64, messages.requestWindowTimeInvalid)
  .refine(
    (text) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.test(text) &&
      !Number.isNaN(Date.parse(text)),
    messages.requestWindowTimeInvalid,
  )
  .nullable();

/** PUT /profile: every field optional; only the ones sent change. */
export const ProfileUpdateBody = z
  .object({
    name: requiredText(messages.nameRequired, NAME_MAX_LENGTH),
    slug: SlugField,
    bio: z.string().trim().max(TEXT_MAX_LENGTH),
    website: webAddress(messages.websiteInvalid),
    venmo_link: shortText,
    paypal_username: handle('@'),
    venmo_username: handle('@'),
    cash_app_username: handle('$'),
    zelle_email: zelleEmail,
    zelle_phone: zellePhone,
    instagram_username: handle('@'),
    facebook_username: shortText,
    tiktok_username: handle('@'),
    spotify_artist_url: webAddress(messages.spotifyArtistUrlInvalid, ['spotify.com']),
    apple_music_artist_url: webAddress(messages.appleMusicArtistUrlInvalid, ['apple.com']),
    venmo_enabled: z.boolean(),
    paypal_enabled: z.boolean(),
    cash_app_enabled: z.boolean(),
    zelle_enabled: z.boolean(),
    tips_enabled: z.boolean(),
    requests_enabled: z.boolean(),
    queue_order: QueueOrder,
    requests_open_at: windowTime,
    requests_close_at: windowTime,
    repeat_rule: z.enum(REPEAT_RULES, { error: messages.repeatRuleInvalid }),
    repeat_hours: z
      .number({ error: messages.repeatHoursInvalid })
      .int(messages.repeatHoursInvalid)
      .min(REPEAT_HOURS_MIN, messages.repeatHoursInvalid)
      .max(REPEAT_HOURS_MAX, messages.repeatHoursInvalid),
    venue_screen_enabled: z.boolean(),
    venue_screen_dedications: z.boolean(),
    public_queue: z.boolean(),
    card_payments_enabled: z.boolean(),
    show_recaps: z.boolean(),
    paid_request_price: z
      .number({ error: messages.paidRequestPriceInvalid })
      .min(PAID_REQUEST_PRICE_MIN, messages.paidRequestPriceInvalid)
      .max(TIP_MAX_AMOUNT, messages.paidRequestPriceInvalid)
      .transform((price) => Math.round(price * 100) / 100)
      .nullable(),
  })
  .partial()
  // Choosing the hours rule names its hours in the same change.
  .refine((body) => body.repeat_rule !== 'hours' || body.repeat_hours !== undefined, {
    message: messages.repeatHoursInvalid,
    path: ['repeat_hours'],
  });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/** GET /profile/slug-available?slug=: the live check of the slug field while typing. */
export const SlugAvailabilityQuery = z.object({ slug: z.string().max(SLUG_MAX_LENGTH * 2) });
export type SlugAvailabilityQuery = z.infer<typeof SlugAvailabilityQuery>;

export const SlugAvailabilityResponse = z.object({
  available: z.boolean(),
  /** The slug as it would be saved (trimmed, lower-cased). */
  slug: z.string(),
  message: z.string(),
});
export type SlugAvailabilityResponse = z.infer<typeof SlugAvailabilityResponse>;
