import type { Musician } from '#shared/schemas/musician.ts';

/**
 * Whether the musician has set up their profile beyond the name they registered with: a bio, a
 * website, a payment app for tips or a social link. The first-run checklist ticks it off.
 */
export function isProfileSetUp(musician: Musician): boolean {
  return [
    musician.bio,
    musician.website,
    musician.paypal_username,
    musician.venmo_username,
    musician.cash_app_username,
    musician.zelle_email,
    musician.zelle_phone,
    musician.instagram_username,
    musician.facebook_username,
    musician.tiktok_username,
    musician.spotify_artist_url,
    musician.apple_music_artist_url,
  ].some((value) => value.trim() !== '');
}
