/**
 * Constants of the audience page (spec sections 3, 4 and 9), kept free of zod so the audience
 * bundle can import them without the validation library.
 */
export const COLOR_SCHEMES = ['purple', 'blue', 'green', 'red', 'orange'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const LAYOUT_MODES = ['grid', 'list'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

/** Spec section 3's defaults, for a musician who never saved a design. */
export const DEFAULT_DESIGN = {
  color_scheme: 'purple',
  layout_mode: 'grid',
  artist_photo: null,
  banner_image: null,
  show_year: true,
  show_notes: true,
  allow_song_suggestions: true,
} as const;

/** In the order the tip modal preselects the first one available (spec section 4). */
export const TIP_PLATFORMS = ['venmo', 'paypal', 'cashapp', 'zelle'] as const;
export type TipPlatform = (typeof TIP_PLATFORMS)[number];

/** How each payment app is named on screen and in sentences ("Cash App is not set up ..."). */
export const TIP_PLATFORM_NAMES: Record<TipPlatform, string> = {
  venmo: 'Venmo',
  paypal: 'PayPal',
  cashapp: 'Cash App',
  zelle: 'Zelle',
};

export const TIP_QUICK_AMOUNTS = [1, 5, 10, 20] as const;
export const TIP_DEFAULT_MESSAGE = 'Thanks for the music!';
