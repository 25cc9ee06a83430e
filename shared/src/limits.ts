/** Business constants of the spec (section 9) and our own limits, shared by server and client. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const TEXT_MAX_LENGTH = 2000;
export const SHORT_TEXT_MAX_LENGTH = 300;
export const SONG_FIELD_MAX_LENGTH = 200;
export const TAG_MAX_LENGTH = 50;
export const TAGS_MAX_COUNT = 20;
export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 60;
export const YEAR_MIN = 1000;
export const YEAR_MAX = 2100;
/** A song's length at most (a medley): 3 hours, in seconds. */
export const SONG_DURATION_MAX_SECONDS = 3 * 3600;
/**
 * Songs one musician may hold. A real repertoire is a few hundred; the cap keeps one huge import
 * from growing the public song list (sent whole to every phone) without bound.
 */
export const SONGS_PER_MUSICIAN_MAX = 10_000;

export const RESET_CODE_LENGTH = 8;
/** Room for the spaces or dashes people type inside a reset code (refused beyond this). */
export const RESET_CODE_INPUT_MAX_LENGTH = RESET_CODE_LENGTH * 2;
export const RESET_CODE_TTL_MINUTES = 15;
/** Wrong codes one address may type for one email before it must ask for a new code. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/**
 * At most one code is issued (and mailed) per account in this time: asking again sooner sends
 * nothing, and earlier codes keep working until they expire, so nobody can void or bury the code
 * the owner is typing, or flood their inbox.
 */
export const RESET_CODE_REISSUE_SECONDS = 60;
export const SESSION_TTL_DAYS = 30;
/**
 * How recent a sign-in proves who is at the keyboard, for an identity-provider account that has
 * no password to ask for (deleting the account). Keep messages.deleteNeedsFreshSignIn in step.
 */
export const FRESH_SIGN_IN_MINUTES = 5;

export const SONG_SORT_KEYS = [
  'created_at',
  'popularity',
  'title',
  'artist',
  'year',
  'random',
] as const;
export type SongSortKey = (typeof SONG_SORT_KEYS)[number];

export const TIP_MAX_AMOUNT = 500;
/** Stripe's smallest charge in dollars: a paid request costs at least this. */
export const PAID_REQUEST_PRICE_MIN = 0.5;
/** Fallback polling when the live connection is down (spec section 9). */
export const DASHBOARD_POLL_MS = 3000;
export const ON_STAGE_POLL_MS = 5000;
export const ALL_REQUESTS_SHOWN = 50;
export const COMPLETED_SHOWN = 10;
export const STATUS_TOAST_MS = 3000;
/**
 * How long after Played or Reject the move can still be taken back (issue 22): the server moves
 * the request back to the exact status it had, then the move is final.
 */
export const UNDO_WINDOW_MS = 10_000;

/** Songs offered to ask for instead of one rejected or held back by the no-repeats rule. */
export const ALTERNATIVES_SHOWN = 3;

/**
 * The audience phone's random id, sent as X-Device-Id with every submission (for per-device
 * limits and blocking): 22 to 64 URL-safe characters. Anything else is ignored, never refused.
 */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * The audience phone's time zone (IANA, "Europe/Berlin"), sent with a request: a song the
 * no-repeats rule holds back is refused with the time it was played, on the phone's clock (the
 * phone is in the room, so its clock is the venue's). Absent or unknown: UTC, saying so.
 */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** A contact message longer than this is refused with a message saying so. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** The Spotify or Apple Music playlist address of an import. */
export const PLAYLIST_URL_MAX_LENGTH = 2000;
/** A typed stage pairing code, with room for the dashes and spaces people add to it. */
export const PAIRING_CODE_INPUT_MAX_LENGTH = 40;

/** Pro prices of the dashboard checkout (spec section 9); billing is disabled, so never charged. */
export const PRO_PRICE_ANNUAL_PER_YEAR = 48;
export const PRO_PRICE_ANNUAL_PER_MONTH = 4;
export const PRO_PRICE_MONTHLY = 5;
export const PRO_STARTUP_FEE = 15;
