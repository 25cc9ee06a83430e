import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_MIN_LENGTH,
  TEXT_MAX_LENGTH,
} from '../limits.ts';
import { messages } from '../messages.ts';
import { requiredText } from './common.ts';

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
  requests_enabled: z.boolean(),
});
export type PublicMusician = z.infer<typeof PublicMusician>;

/** The signed-in musician's own profile. */
export const Musician = PublicMusician.extend({
  email: z.string(),
  created_at: z.string(),
  /** Lets devices apply profile:updated idempotently. */
  updated_at: z.string(),
});
export type Musician = z.infer<typeof Musician>;

export const SlugParams = z.object({ slug: z.string().trim().toLowerCase().max(SLUG_MAX_LENGTH) });

const SlugField = z
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

/** PUT /profile: every field optional; only the ones sent change. */
export const ProfileUpdateBody = z
  .object({
    name: requiredText(messages.nameRequired, NAME_MAX_LENGTH),
    slug: SlugField,
    bio: z.string().trim().max(TEXT_MAX_LENGTH),
    website: shortText,
    venmo_link: shortText,
    paypal_username: handle('@'),
    venmo_username: handle('@'),
    cash_app_username: handle('$'),
    zelle_email: shortText,
    zelle_phone: shortText,
    instagram_username: handle('@'),
    facebook_username: shortText,
    tiktok_username: handle('@'),
    spotify_artist_url: shortText,
    apple_music_artist_url: shortText,
    venmo_enabled: z.boolean(),
    paypal_enabled: z.boolean(),
    cash_app_enabled: z.boolean(),
    zelle_enabled: z.boolean(),
    tips_enabled: z.boolean(),
    requests_enabled: z.boolean(),
  })
  .partial();
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;
