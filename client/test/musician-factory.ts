import type { Musician } from '#shared/schemas/musician.ts';

/** Test data: a signed-in musician's profile, with overrides. */
export function makeMusician(overrides: Partial<Musician> = {}): Musician {
  return {
    id: 'm1',
    name: 'Ann',
    slug: 'ann',
    email: 'ann@example.com',
    bio: '',
    website: '',
    venmo_link: '',
    paypal_username: '',
    venmo_username: '',
    cash_app_username: '',
    zelle_email: '',
    zelle_phone: '',
    instagram_username: '',
    facebook_username: '',
    tiktok_username: '',
    spotify_artist_url: '',
    apple_music_artist_url: '',
    venmo_enabled: false,
    paypal_enabled: false,
    cash_app_enabled: false,
    zelle_enabled: false,
    tips_enabled: false,
    requests_enabled: true,
    requests_open_at: null,
    requests_close_at: null,
    repeat_rule: 'allow',
    repeat_hours: 3,
    created_at: '2025-05-01T20:00:00.000Z',
    updated_at: '2025-05-01T20:00:00.000Z',
    ...overrides,
  };
}
