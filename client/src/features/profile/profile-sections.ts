import type { ProfileFormErrors } from './profile-form.ts';

/** The Profile tab's sections, in the order of its sub-navigation. */
export const PROFILE_SECTIONS = [
  { id: 'link', label: 'Audience link & QR' },
  { id: 'profile', label: 'Profile' },
  { id: 'payments', label: 'Payments' },
  { id: 'links', label: 'Links' },
  { id: 'show', label: 'Show settings' },
  { id: 'devices', label: 'Devices & access' },
  { id: 'account', label: 'Account' },
] as const;
export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];

export const DEFAULT_PROFILE_SECTION: ProfileSectionId = 'link';

/** The sections that edit the settings form (the others act at once: copy, pair, sign out…). */
export const FORM_SECTIONS: ReadonlySet<ProfileSectionId> = new Set([
  'profile',
  'payments',
  'links',
  'show',
]);

/** ?section= of /dashboard?tab=profile: an unknown or missing value is the first section. */
export function profileSectionFromQuery(value: string | null): ProfileSectionId {
  return PROFILE_SECTIONS.find((section) => section.id === value)?.id ?? DEFAULT_PROFILE_SECTION;
}

const SECTION_OF_FIELD: Record<keyof ProfileFormErrors, ProfileSectionId> = {
  name: 'profile',
  slug: 'profile',
  bio: 'profile',
  website: 'profile',
  venmo_username: 'payments',
  paypal_username: 'payments',
  cash_app_username: 'payments',
  zelle_email: 'payments',
  zelle_phone: 'payments',
  instagram_username: 'links',
  facebook_username: 'links',
  tiktok_username: 'links',
  spotify_artist_url: 'links',
  apple_music_artist_url: 'links',
  repeat_hours: 'show',
  paid_request_price: 'payments',
};

/** Where a failed save sends the musician: the first section holding a field in error. */
export function sectionOfFirstError(errors: ProfileFormErrors): ProfileSectionId | null {
  const order = PROFILE_SECTIONS.map((section) => section.id);
  const sections = (Object.keys(errors) as (keyof ProfileFormErrors)[])
    .filter((field) => errors[field])
    .map((field) => SECTION_OF_FIELD[field]);
  if (sections.length === 0) return null;
  return sections.sort((a, b) => order.indexOf(a) - order.indexOf(b))[0] ?? null;
}
