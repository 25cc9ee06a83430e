import type { ChangeEvent } from 'react';
import {
  NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  TEXT_MAX_LENGTH,
} from '#shared/limits.ts';
import { ProfileUpdateBody, type Musician, type RepeatRule } from '#shared/schemas/musician.ts';

/** The text fields of the Profile Settings form, by their API names. */
export const TEXT_FIELDS = [
  'name',
  'slug',
  'bio',
  'website',
  'venmo_username',
  'paypal_username',
  'cash_app_username',
  'zelle_email',
  'zelle_phone',
  'instagram_username',
  'facebook_username',
  'tiktok_username',
  'spotify_artist_url',
  'apple_music_artist_url',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The longest value of each text field: the limits of ProfileUpdateBody. */
export const TEXT_FIELD_MAX_LENGTHS: Record<TextField, number> = {
  name: NAME_MAX_LENGTH,
  slug: SLUG_MAX_LENGTH,
  bio: TEXT_MAX_LENGTH,
  website: SHORT_TEXT_MAX_LENGTH,
  venmo_username: SHORT_TEXT_MAX_LENGTH,
  paypal_username: SHORT_TEXT_MAX_LENGTH,
  cash_app_username: SHORT_TEXT_MAX_LENGTH,
  zelle_email: SHORT_TEXT_MAX_LENGTH,
  zelle_phone: SHORT_TEXT_MAX_LENGTH,
  instagram_username: SHORT_TEXT_MAX_LENGTH,
  facebook_username: SHORT_TEXT_MAX_LENGTH,
  tiktok_username: SHORT_TEXT_MAX_LENGTH,
  spotify_artist_url: SHORT_TEXT_MAX_LENGTH,
  apple_music_artist_url: SHORT_TEXT_MAX_LENGTH,
};

export const FLAG_FIELDS = [
  'venmo_enabled',
  'paypal_enabled',
  'cash_app_enabled',
  'zelle_enabled',
  'venue_screen_enabled',
  'venue_screen_dedications',
  'public_queue',
  'show_recaps',
] as const;
export type FlagField = (typeof FLAG_FIELDS)[number];

/** Every setting of the Profile tab, saved together by its one Save button. */
export type ProfileFormValues = Record<TextField, string> &
  Record<FlagField, boolean> & {
    repeat_rule: RepeatRule;
    /** As typed; checked (a whole number of hours) only while the rule is 'hours'. */
    repeat_hours: string;
    /** A paid request's price in dollars, as typed; empty turns paid requests off. */
    paid_request_price: string;
  };
type CheckedField = TextField | 'repeat_hours' | 'paid_request_price';
export type ProfileFormErrors = Partial<Record<CheckedField, string>>;
const CHECKED_FIELDS: readonly string[] = [...TEXT_FIELDS, 'repeat_hours', 'paid_request_price'];

/** Handles entered without a prefix: a typed one is dropped as the musician types. */
const PREFIX: Partial<Record<TextField, '@' | '$'>> = {
  venmo_username: '@',
  paypal_username: '@',
  instagram_username: '@',
  tiktok_username: '@',
  cash_app_username: '$',
};

export function withoutPrefix(field: TextField, value: string): string {
  const prefix = PREFIX[field];
  if (!prefix) return value;
  const trimmed = value.trimStart();
  return trimmed.startsWith(prefix) ? trimmed.slice(1) : value;
}

export function formValuesOf(musician: Musician): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of TEXT_FIELDS) values[field] = musician[field];
  for (const flag of FLAG_FIELDS) values[flag] = musician[flag];
  values.repeat_rule = musician.repeat_rule;
  values.repeat_hours = String(musician.repeat_hours);
  const price = musician.paid_request_price;
  values.paid_request_price = price === null ? '' : priceText(price);
  return values;
}

/** A price as the field shows it: "5", "2.50". */
function priceText(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/** The typed price as the API takes it: null (off) when empty, NaN when not a number. */
export function typedPrice(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  return trimmed === '' ? null : Number(trimmed);
}

type Checked = { ok: true; body: ProfileUpdateBody } | { ok: false; errors: ProfileFormErrors };

/** The same rules the server applies, so most mistakes show before anything is sent. */
export function checkProfileForm(values: ProfileFormValues): Checked {
  const { repeat_hours: typedHours, paid_request_price: price, ...fields } = values;
  const rest = { ...fields, paid_request_price: typedPrice(price) };
  // The hours matter (and are sent) only with the rule that uses them.
  const hours = typedHours.trim() === '' ? Number.NaN : Number(typedHours);
  const result = ProfileUpdateBody.safeParse(
    values.repeat_rule === 'hours' ? { ...rest, repeat_hours: hours } : rest,
  );
  if (result.success) return { ok: true, body: result.data };
  const errors: ProfileFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as CheckedField;
    if (CHECKED_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** Props binding one input of the form, shared by its sections. */
export interface FormBinding {
  text(field: TextField): {
    name: string;
    value: string;
    error: string | undefined;
    maxLength: number;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
  };
  flag(field: FlagField): {
    name: string;
    checked: boolean;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
  };
}
