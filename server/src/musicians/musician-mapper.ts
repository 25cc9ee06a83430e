import type { Musician, PublicMusician } from '#shared/schemas/musician.ts';
import type { Musician as MusicianTableRow } from '#server/db/tables.ts';
import { requestsOpen } from './request-window.ts';

export type MusicianRow = MusicianTableRow;

/**
 * `now`: the moment the request window is read at (requests_enabled is false outside it).
 * `cardsOnServer`: whether this server has Stripe keys; without them no musician takes cards,
 * whatever they once turned on.
 */
export function toPublicMusician(
  row: MusicianRow,
  now = new Date(),
  cardsOnServer = true,
): PublicMusician {
  const cardTips = cardsOnServer && row.cardPaymentsEnabled;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    bio: row.bio,
    website: row.website,
    venmo_link: row.venmoLink,
    paypal_username: row.paypalUsername,
    venmo_username: row.venmoUsername,
    cash_app_username: row.cashAppUsername,
    zelle_email: row.zelleEmail,
    zelle_phone: row.zellePhone,
    instagram_username: row.instagramUsername,
    facebook_username: row.facebookUsername,
    tiktok_username: row.tiktokUsername,
    spotify_artist_url: row.spotifyArtistUrl,
    apple_music_artist_url: row.appleMusicArtistUrl,
    venmo_enabled: row.venmoEnabled,
    paypal_enabled: row.paypalEnabled,
    cash_app_enabled: row.cashAppEnabled,
    zelle_enabled: row.zelleEnabled,
    tips_enabled: row.tipsEnabled,
    requests_enabled: requestsOpen(row, now),
    requests_open_at: row.requestsOpenAt?.toISOString() ?? null,
    requests_close_at: row.requestsCloseAt?.toISOString() ?? null,
    venue_screen_enabled: row.venueScreenEnabled,
    public_queue: row.publicQueue,
    card_tips: cardTips,
    paid_request_price:
      cardTips && row.paidRequestPrice !== null ? Number(row.paidRequestPrice) : null,
  };
}

export function toMusician(row: MusicianRow, now = new Date()): Musician {
  return {
    ...toPublicMusician(row, now),
    email: row.email,
    queue_order: row.queueOrder,
    repeat_rule: row.repeatRule,
    repeat_hours: row.repeatHours,
    venue_screen_dedications: row.venueScreenDedications,
    card_payments_enabled: row.cardPaymentsEnabled,
    show_recaps: row.showRecaps,
    // The price as set, so the Profile tab shows it while cards are off.
    paid_request_price: row.paidRequestPrice === null ? null : Number(row.paidRequestPrice),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
