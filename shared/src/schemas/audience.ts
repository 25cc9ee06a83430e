/**
 * The audience page's public contract (spec sections 3, 5, 7 and 9): access check, design,
 * tips, and the requester's own view of their request. Nothing here carries an email, and
 * nothing carries another person's name.
 */
import { z } from 'zod';
import {
  ALTERNATIVES_SHOWN,
  NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  TIP_MAX_AMOUNT,
} from '../limits.ts';
import { messages } from '../messages.ts';
import {
  COLOR_SCHEMES,
  LAYOUT_MODES,
  TIP_DEFAULT_MESSAGE,
  TIP_PLATFORMS,
} from '../audience-constants.ts';
import { REQUEST_STATUSES, withoutNul } from './request.ts';
import { PublicSong } from './song.ts';

/** GET /musicians/{slug}/access-check */
export const AccessCheckResponse = z.object({
  access_granted: z.boolean(),
  /** Why the page is paused, when it is; empty when access is granted. */
  message: z.string(),
});
export type AccessCheckResponse = z.infer<typeof AccessCheckResponse>;

/** GET /musicians/{slug}/design (and, later, the musician's own GET /design/settings). */
export const DesignSettings = z.object({
  color_scheme: z.enum(COLOR_SCHEMES),
  layout_mode: z.enum(LAYOUT_MODES),
  /** An image URL, or null when none was uploaded. */
  artist_photo: z.string().nullable(),
  banner_image: z.string().nullable(),
  show_year: z.boolean(),
  show_notes: z.boolean(),
  allow_song_suggestions: z.boolean(),
  musician_name: z.string(),
  bio: z.string(),
});
export type DesignSettings = z.infer<typeof DesignSettings>;

/** Spec sections 5 and 9: artist photo (and banner) under 2MB, JPG or PNG. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * An image field of PUT /design/settings: a `data:image/...;base64,` URL uploads a new image,
 * null removes it, the URL the server answered keeps it (the client sends back what it got),
 * and leaving it out keeps it too. The server decodes and checks the data itself.
 */
const designImage = z.string().nullable().optional();

/** PUT /design/settings: any subset of the design (musician_name and bio are the profile's). */
export const DesignSettingsUpdateBody = z.object({
  color_scheme: z.enum(COLOR_SCHEMES, { error: messages.designColorSchemeInvalid }).optional(),
  layout_mode: z.enum(LAYOUT_MODES, { error: messages.designLayoutModeInvalid }).optional(),
  artist_photo: designImage,
  banner_image: designImage,
  show_year: z.boolean().optional(),
  show_notes: z.boolean().optional(),
  allow_song_suggestions: z.boolean().optional(),
});
export type DesignSettingsUpdateBody = z.infer<typeof DesignSettingsUpdateBody>;

// The colours of each scheme live apart from the schemas, so a page that only paints them (the
// venue screen) loads no zod.
export { SCHEME_COLORS, type SchemeColors } from '../scheme-colors.ts';

/** GET /qr-code?format= */
export const QrCodeQuery = z.object({
  format: z.enum(['png', 'svg'], { error: messages.qrFormatInvalid }).default('png'),
});

/** GET /qr-flyer?format=&paper= */
export const QrFlyerQuery = z.object({
  format: z.enum(['png', 'pdf'], { error: messages.flyerFormatInvalid }).default('png'),
  paper: z.enum(['a4', 'letter'], { error: messages.flyerPaperInvalid }).default('a4'),
});
export type FlyerPaper = z.infer<typeof QrFlyerQuery>['paper'];

/** GET /qr-flyer: the spec's `{flyer}`, a PNG data URL of the flyer image. */
export const QrFlyerResponse = z.object({ flyer: z.string() });
export type QrFlyerResponse = z.infer<typeof QrFlyerResponse>;

/** Dollars as a person writes them: "20", "12.5", ".75" (a sign, to say why -1 is refused). */
const DOLLARS_TEXT = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Dollars as a number, or as the text of a query string or form field. Text is read only as
 * dollars written out: Number() alone also read "0x10" as $16 and "1e2" as $100. Rounded to cents
 * before the range checks, so 0.001 is refused (it would be a $0.00 tip) and 500.004 is $500.00.
 */
export const tipAmount = z
  .preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      return DOLLARS_TEXT.test(text) ? Number(text) : value;
    },
    z.number({ error: messages.tipAmountInvalid }),
  )
  .refine(Number.isFinite, messages.tipAmountInvalid)
  .transform((amount) => Math.round(amount * 100) / 100)
  .refine((amount) => amount > 0, messages.tipAmountInvalid)
  .refine((amount) => amount <= TIP_MAX_AMOUNT, messages.tipAmountTooHigh);

export const tipMessage = z
  .string()
  .trim()
  .max(SHORT_TEXT_MAX_LENGTH)
  .refine(withoutNul, messages.textHasNulCharacter);

/** GET /musicians/{slug}/tip-links?amount=&message= */
export const TipLinksQuery = z.object({
  amount: tipAmount,
  message: tipMessage.optional().transform((text) => text || TIP_DEFAULT_MESSAGE),
});
export type TipLinksQuery = z.input<typeof TipLinksQuery>;

/** Each provider's payment link in its documented format; null when not set up or not enabled. */
export const TipLinksResponse = z.object({
  paypal_link: z.string().nullable(),
  venmo_link: z.string().nullable(),
  cash_app_link: z.string().nullable(),
});
export type TipLinksResponse = z.infer<typeof TipLinksResponse>;

/** Who tipped, as they typed it; 'Anonymous' when they did not. */
export const tipperName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH)
  .refine(withoutNul, messages.textHasNulCharacter)
  .nullish()
  .transform((name) => name || 'Anonymous');

/** POST /musicians/{slug}/tips: the audience says they tipped (the money moves elsewhere). */
export const CreateTipBody = z.object({
  amount: tipAmount,
  platform: z.enum(TIP_PLATFORMS, { error: messages.tipPlatformInvalid }),
  tipper_name: tipperName,
  message: tipMessage.nullish().transform((text) => text ?? ''),
  /** The request this tip follows, when it does. */
  request_id: z.uuid().nullish(),
});
export type CreateTipBody = z.input<typeof CreateTipBody>;
export type CreateTipData = z.output<typeof CreateTipBody>;

export const CreatedTip = z.object({
  id: z.string(),
  amount: z.number(),
  platform: z.enum(TIP_PLATFORMS),
  created_at: z.string(),
});
export type CreatedTip = z.infer<typeof CreatedTip>;

/**
 * A payment-app tip as the musician (or their stage device) sees it: the phone's claim, and
 * `received_at` once the musician marked the money arrived. PUT /tips/{id}/received answers it.
 */
export const AppTip = CreatedTip.extend({
  request_id: z.string().nullable(),
  tipper_name: z.string(),
  message: z.string(),
  /** When the musician marked it received; null while only claimed. */
  received_at: z.string().nullable(),
});
export type AppTip = z.infer<typeof AppTip>;

/**
 * What a requester may see of their own request, by its secret status token: the song and its
 * state, nothing about who asked. GET /request-status/{token} and the socket's request:status.
 */
export const RequestStatusView = z.object({
  id: z.string(),
  song_title: z.string(),
  song_artist: z.string(),
  status: z.enum(REQUEST_STATUSES),
  updated_at: z.string(),
  /** Its place in line (1 = next in its column); null once played or rejected. */
  queue_position: z.number().int().min(1).nullable().optional(),
  /** A paid request: 'awaiting' until Stripe says paid, then 'paid' or 'refunded'. */
  payment: z.enum(['awaiting', 'paid', 'refunded']).nullable().default(null),
  /**
   * While it waits (pending, accepted, Up Next): about how many minutes until it comes up, from
   * the lengths of the songs ahead at tonight's pace. Absent otherwise, and on socket pushes.
   */
  eta_minutes: z.number().int().min(0).optional(),
  /**
   * The receipt, once played ("Played at 10:42 PM for Sarah"): when, and the name given with
   * this token's own request (a +1 reads its own name, never the first requester's). Only in
   * GET /request-status/{token}: the socket's push goes to everyone following the request.
   */
  played_at: z.string().optional(),
  played_for: z.string().optional(),
  /** The show it was played in, once that show has ended and its musician publishes recaps. */
  recap_show_id: z.string().optional(),
  /**
   * Once rejected: up to ALTERNATIVES_SHOWN songs the audience may request now, nearest to it
   * first (the same artist, then the same genre and decade, then the most requested). Absent
   * otherwise, and on socket pushes.
   */
  alternatives: z.array(PublicSong).max(ALTERNATIVES_SHOWN).optional(),
  /**
   * While it waits: the server's VAPID public key (base64url), the applicationServerKey the phone
   * subscribes with to be told when it comes up (POST /request-status/{token}/push). Absent
   * otherwise, and on socket pushes.
   */
  push_public_key: z.string().optional(),
});
export type RequestStatusView = z.infer<typeof RequestStatusView>;

/**
 * 409 to POST /requests when the no-repeats rule holds the song back: the sentence, and songs
 * to ask for instead, as a rejected request's status carries them.
 */
export const RefusedAsPlayed = z.object({
  detail: z.string(),
  alternatives: z.array(PublicSong).max(ALTERNATIVES_SHOWN).optional(),
});
export type RefusedAsPlayed = z.infer<typeof RefusedAsPlayed>;

/** Any text: a malformed token is simply not found (404), like an unknown one. */
export const StatusTokenParams = z.object({ token: z.string() });
