/**
 * Drizzle schema: every entity of spec section 3. The SQL in ./migrations is generated from
 * this file (npm run db:generate) and is what actually runs, on PGlite and PostgreSQL alike.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const blank = (name: string) => text(name).notNull().default('');
const flag = (name: string, value: boolean) => boolean(name).notNull().default(value);
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const musicians = pgTable(
  'musicians',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    slug: text('slug').notNull(),
    passwordHash: text('password_hash').notNull(),
    bio: blank('bio'),
    website: blank('website'),
    venmoLink: blank('venmo_link'),
    paypalUsername: blank('paypal_username'),
    venmoUsername: blank('venmo_username'),
    cashAppUsername: blank('cash_app_username'),
    zelleEmail: blank('zelle_email'),
    zellePhone: blank('zelle_phone'),
    instagramUsername: blank('instagram_username'),
    facebookUsername: blank('facebook_username'),
    tiktokUsername: blank('tiktok_username'),
    spotifyArtistUrl: blank('spotify_artist_url'),
    appleMusicArtistUrl: blank('apple_music_artist_url'),
    venmoEnabled: flag('venmo_enabled', true),
    paypalEnabled: flag('paypal_enabled', true),
    cashAppEnabled: flag('cash_app_enabled', true),
    zelleEnabled: flag('zelle_enabled', true),
    tipsEnabled: flag('tips_enabled', true),
    requestsEnabled: flag('requests_enabled', true),
    /** How the waiting requests are ordered (Up Next is always the musician's order). */
    queueOrder: text('queue_order', { enum: ['arrival', 'votes', 'tips', 'manual'] })
      .notNull()
      .default('arrival'),
    /**
     * The request window (issue 22): before open and after close requests read as off, whatever
     * requests_enabled says. Null: no bound on that side.
     */
    requestsOpenAt: timestamp('requests_open_at', { withTimezone: true }),
    requestsCloseAt: timestamp('requests_close_at', { withTimezone: true }),
    /**
     * The latest window time (open or close) whose switch was announced to the devices: the
     * scheduler of every process claims a passed time with a conditional update, so exactly one
     * publishes it (musicians/request-window-scheduler.ts).
     */
    requestsWindowAnnouncedAt: timestamp('requests_window_announced_at', { withTimezone: true }),
    /**
     * No repeats (issue 22): 'allow' (the spec's default), 'show' (a song played in the running
     * show cannot be asked for again), 'hours' (not within repeat_hours of when it was played).
     */
    repeatRule: text('repeat_rule', { enum: ['allow', 'show', 'hours'] })
      .notNull()
      .default('allow'),
    repeatHours: integer('repeat_hours').notNull().default(3),
    /** The venue screen (/screen/{slug}, issue 22): on by default; dedications on it opt-in. */
    venueScreenEnabled: flag('venue_screen_enabled', true),
    venueScreenDedications: flag('venue_screen_dedications', false),
    /** The queue in the open (issue 22): the audience sees the queue and can +1 a request. */
    publicQueue: flag('public_queue', false),
    /** The identity provider account this musician signs in with (OIDC `iss` and `sub`). */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('musicians_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('musicians_oidc_account_key').on(t.oidcIssuer, t.oidcSubject),
    uniqueIndex('musicians_slug_key').on(t.slug),
    check('musicians_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('musicians_repeat_rule_valid', sql`${t.repeatRule} IN ('allow', 'show', 'hours')`),
    check('musicians_repeat_hours_range', sql`${t.repeatHours} BETWEEN 1 AND 72`),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'musician' may do everything; 'stage' (a paired stage device) only works the queue. */
    scope: text('scope', { enum: ['musician', 'stage'] })
      .notNull()
      .default('musician'),
    /** The stage device this session signed in; revoking the device ends the session. */
    stageDeviceId: uuid('stage_device_id').references(() => stageDevices.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('auth_sessions_token_hash_key').on(t.tokenHash),
    index('auth_sessions_musician_idx').on(t.musicianId),
    index('auth_sessions_stage_device_idx').on(t.stageDeviceId),
    check('auth_sessions_scope_valid', sql`${t.scope} IN ('musician', 'stage')`),
  ],
);

/**
 * A bandmate's tablet paired to the musician's queue without the password: created with a
 * short-lived pairing code (stored only as a hash), claimed once, revocable.
 */
export const stageDevices = pgTable(
  'stage_devices',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    name: blank('name'),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stage_devices_code_hash_key').on(t.codeHash),
    index('stage_devices_musician_idx').on(t.musicianId),
  ],
);

/**
 * OpenID Connect sign-ins under way: the state sent to the provider (hashed) with the PKCE
 * verifier and nonce needed when the browser comes back. Rows live minutes.
 */
export const oidcFlows = pgTable('oidc_flows', {
  id: id(),
  stateHash: text('state_hash').notNull().unique(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * A first OIDC sign-in waiting for the new musician's stage name: the verified provider account,
 * held under a one-time token (hashed) until the musician names themselves.
 */
export const oidcSignups = pgTable('oidc_signups', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_musician_idx').on(t.musicianId, t.createdAt)],
);

/**
 * Wrong reset codes typed for one email from one address. Enough of them lock that address out
 * of that email's codes until it asks for a new one or the count expires; the owner's other
 * addresses keep theirs. Counted for emails with no account too, so the lock tells nothing, and
 * under the email's hash, so an address a stranger typed is not kept.
 */
export const passwordResetGuesses = pgTable(
  'password_reset_guesses',
  {
    emailHash: text('email_hash').notNull(),
    address: text('address').notNull(),
    attempts: integer('attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.emailHash, t.address] }),
    index('password_reset_guesses_expires_idx').on(t.expiresAt),
  ],
);

export const songs = pgTable(
  'songs',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    moods: text('moods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    year: integer('year'),
    notes: blank('notes'),
    /** Who wrote the song, for performing-rights setlist reports (BMI Live, ASCAP OnStage). */
    songwriter: blank('songwriter'),
    hidden: flag('hidden', false),
    requestCount: integer('request_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('songs_musician_created_idx').on(t.musicianId, t.createdAt),
    check('songs_title_not_blank', sql`length(trim(${t.title})) > 0`),
    check('songs_artist_not_blank', sql`length(trim(${t.artist})) > 0`),
    check('songs_year_range', sql`${t.year} IS NULL OR ${t.year} BETWEEN 1000 AND 2100`),
    check('songs_request_count_nonnegative', sql`${t.requestCount} >= 0`),
  ],
);

export const shows = pgTable(
  'shows',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'stopped', 'archived'] })
      .notNull()
      .default('active'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    // What performing-rights setlist reports ask for; optional, set when starting or later.
    venueName: blank('venue_name'),
    venueAddress: blank('venue_address'),
    performedOn: date('performed_on'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shows_musician_date_idx').on(t.musicianId, t.date),
    // At most one running show per musician.
    uniqueIndex('shows_one_active_per_musician')
      .on(t.musicianId)
      .where(sql`${t.status} = 'active'`),
    check('shows_status_valid', sql`${t.status} IN ('active', 'stopped', 'archived')`),
    check('shows_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

export const requests = pgTable(
  'requests',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    // The song may later be deleted; the request keeps its title and artist.
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'set null' }),
    // Deleting a show removes its requests (spec section 4).
    showId: uuid('show_id').references(() => shows.id, { onDelete: 'cascade' }),
    songTitle: text('song_title').notNull(),
    songArtist: text('song_artist').notNull(),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    dedication: blank('dedication'),
    status: text('status', { enum: ['pending', 'accepted', 'up_next', 'played', 'rejected'] })
      .notNull()
      .default('pending'),
    tipAmount: numeric('tip_amount', { precision: 10, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    tipClicked: flag('tip_clicked', false),
    idempotencyKey: text('idempotency_key'),
    // SHA-256 of the requester's secret status token (the token itself is never stored).
    statusTokenHash: text('status_token_hash'),
    /** The audience phone's random id (X-Device-Id), for per-device limits and blocking. */
    deviceId: blank('device_id'),
    /**
     * Which address sent it, as a keyed hash of the address and the musician (never the address
     * itself): one address's share of the musician's budget is counted by it.
     */
    source: text('source'),
    /** People asking for this song while it waits: 1 plus the merged requests (request_voters). */
    votes: integer('votes').notNull().default(1),
    /** From a blocked requester: accepted so they cannot tell, never shown to the musician. */
    blocked: flag('blocked', false),
    /**
     * Where an open request stands in its column (Up Next, waiting), 1 = first; null once played
     * or rejected. Kept by features/requests/queue-positions.ts, which bumps updated_at of every
     * request it moves so devices and polls pick the change up.
     */
    queuePosition: integer('queue_position'),
    /**
     * The musician's order: Up Next always, waiting under queue_order 'manual'. A new request
     * goes last (its arrival time in seconds outranks the small ranks a move assigns).
     */
    queueRank: doublePrecision('queue_rank')
      .notNull()
      .default(sql`extract(epoch from clock_timestamp())`),
    /**
     * The status before the last move and when that move was made: Played or Reject can be
     * taken back to exactly this status within UNDO_WINDOW_MS of status_changed_at (issue 22).
     */
    previousStatus: text('previous_status', {
      enum: ['pending', 'accepted', 'up_next', 'played', 'rejected'],
    }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** When it was marked played (null while it is not): the no-repeats rule reads it. */
    playedAt: timestamp('played_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('requests_musician_created_idx').on(t.musicianId, t.createdAt),
    index('requests_musician_updated_idx').on(t.musicianId, t.updatedAt),
    index('requests_musician_email_idx').on(
      t.musicianId,
      sql`lower(${t.requesterEmail})`,
      t.createdAt,
    ),
    index('requests_musician_device_idx').on(t.musicianId, t.deviceId, t.createdAt),
    index('requests_musician_source_idx').on(t.musicianId, t.source, t.createdAt),
    check('requests_votes_positive', sql`${t.votes} >= 1`),
    index('requests_show_idx').on(t.showId),
    // The songs played or coming up: the no-repeats rule's admission check and song list.
    index('requests_musician_song_played_idx')
      .on(t.musicianId, t.songId, t.playedAt)
      .where(sql`${t.status} IN ('up_next', 'played')`),
    uniqueIndex('requests_idempotency_key').on(t.musicianId, t.idempotencyKey),
    uniqueIndex('requests_status_token_hash_key').on(t.statusTokenHash),
    check(
      'requests_status_valid',
      sql`${t.status} IN ('pending', 'accepted', 'up_next', 'played', 'rejected')`,
    ),
    check('requests_tip_range', sql`${t.tipAmount} >= 0 AND ${t.tipAmount} <= 500`),
  ],
);

/**
 * The extra people behind a merged request: the same song asked for again while the first
 * request still waits becomes a +1 on it, keeping each person's name and dedication.
 */
export const requestVoters = pgTable(
  'request_voters',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    dedication: blank('dedication'),
    tipAmount: numeric('tip_amount', { precision: 10, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    deviceId: blank('device_id'),
    idempotencyKey: text('idempotency_key'),
    statusTokenHash: text('status_token_hash'),
    source: text('source'),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_voters_request_idx').on(t.requestId),
    // The flood guard reads a musician's newest +1s in order.
    index('request_voters_musician_created_idx').on(t.musicianId, t.createdAt),
    index('request_voters_musician_email_idx').on(
      t.musicianId,
      sql`lower(${t.requesterEmail})`,
      t.createdAt,
    ),
    index('request_voters_musician_device_idx').on(t.musicianId, t.deviceId, t.createdAt),
    index('request_voters_musician_source_idx').on(t.musicianId, t.source, t.createdAt),
    uniqueIndex('request_voters_idempotency_key').on(t.musicianId, t.idempotencyKey),
    uniqueIndex('request_voters_status_token_hash_key').on(t.statusTokenHash),
  ],
);

/** Requesters a musician blocked from their page, by email and by device. */
export const blockedRequesters = pgTable(
  'blocked_requesters',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    /** Lower-cased; '' when only the device is known. */
    email: blank('email'),
    deviceId: blank('device_id'),
    /** What the musician saw when blocking, so the list can say who this was. */
    requesterName: blank('requester_name'),
    createdAt: createdAt(),
  },
  (t) => [index('blocked_requesters_musician_idx').on(t.musicianId)],
);

export const requestClicks = pgTable(
  'request_clicks',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['tip', 'social'] }).notNull(),
    platform: text('platform').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One click per request, type and platform: tapping Venmo ten times is one click.
    uniqueIndex('request_clicks_request_type_platform_key').on(t.requestId, t.type, t.platform),
    check('request_clicks_type_valid', sql`${t.type} IN ('tip', 'social')`),
  ],
);

export const songSuggestions = pgTable(
  'song_suggestions',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    suggestedTitle: text('suggested_title').notNull(),
    suggestedArtist: text('suggested_artist').notNull(),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    message: blank('message'),
    status: text('status', { enum: ['pending', 'added', 'rejected'] })
      .notNull()
      .default('pending'),
    idempotencyKey: text('idempotency_key'),
    /** As on requests: a keyed hash of the sending address, for its share of the budget. */
    source: text('source'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('song_suggestions_musician_created_idx').on(t.musicianId, t.createdAt),
    index('song_suggestions_musician_source_idx').on(t.musicianId, t.source, t.createdAt),
    uniqueIndex('song_suggestions_idempotency_key').on(t.musicianId, t.idempotencyKey),
    check('song_suggestions_status_valid', sql`${t.status} IN ('pending', 'added', 'rejected')`),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isPublic: flag('is_public', false),
    isActive: flag('is_active', false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('playlists_musician_idx').on(t.musicianId),
    // The active playlist feeds the audience page: at most one per musician.
    uniqueIndex('playlists_one_active_per_musician')
      .on(t.musicianId)
      .where(sql`${t.isActive}`),
    check('playlists_name_length', sql`length(trim(${t.name})) BETWEEN 1 AND 100`),
  ],
);

export const playlistSongs = pgTable(
  'playlist_songs',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.songId] }),
    index('playlist_songs_order_idx').on(t.playlistId, t.position),
    index('playlist_songs_song_idx').on(t.songId),
    check('playlist_songs_position_nonnegative', sql`${t.position} >= 0`),
  ],
);

export const tips = pgTable(
  'tips',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    platform: text('platform', { enum: ['paypal', 'venmo', 'cashapp', 'zelle'] }).notNull(),
    tipperName: text('tipper_name').notNull().default('Anonymous'),
    message: blank('message'),
    idempotencyKey: text('idempotency_key'),
    /** The tipping phone's X-Device-Id, so every process counts the per-device tip limit alike. */
    deviceId: blank('device_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tips_musician_created_idx').on(t.musicianId, t.createdAt),
    index('tips_musician_device_idx').on(t.musicianId, t.deviceId, t.createdAt),
    uniqueIndex('tips_idempotency_key').on(t.musicianId, t.idempotencyKey),
    check('tips_amount_range', sql`${t.amount} > 0 AND ${t.amount} <= 500`),
    check('tips_platform_valid', sql`${t.platform} IN ('paypal', 'venmo', 'cashapp', 'zelle')`),
  ],
);

export const designSettings = pgTable(
  'design_settings',
  {
    musicianId: uuid('musician_id')
      .primaryKey()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    colorScheme: text('color_scheme', { enum: ['purple', 'blue', 'green', 'red', 'orange'] })
      .notNull()
      .default('purple'),
    layoutMode: text('layout_mode', { enum: ['grid', 'list'] })
      .notNull()
      .default('grid'),
    artistPhoto: text('artist_photo'),
    bannerImage: text('banner_image'),
    showYear: flag('show_year', true),
    showNotes: flag('show_notes', true),
    allowSongSuggestions: flag('allow_song_suggestions', true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'design_settings_color_scheme_valid',
      sql`${t.colorScheme} IN ('purple', 'blue', 'green', 'red', 'orange')`,
    ),
    check('design_settings_layout_mode_valid', sql`${t.layoutMode} IN ('grid', 'list')`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    musicianId: uuid('musician_id').references(() => musicians.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * Slugs a musician used before: a printed QR code keeps working after a rename, until another
 * musician claims that slug (their row then replaces this one).
 */
export const musicianSlugHistory = pgTable(
  'musician_slug_history',
  {
    slug: text('slug').primaryKey(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('musician_slug_history_musician_idx').on(t.musicianId)],
);

/** Uploaded images (artist photo, banner), re-encoded and stripped of metadata before storing. */
export const images = pgTable(
  'images',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['artist_photo', 'banner_image'] }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('images_musician_idx').on(t.musicianId),
    check('images_kind_valid', sql`${t.kind} IN ('artist_photo', 'banner_image')`),
  ],
);

/**
 * Songs the musician marked 'Not for me' in the learn-next list, by the song key the imports use
 * (songKey), so the same suggestion under another spelling stays hidden too.
 */
export const learnNextDismissals = pgTable(
  'learn_next_dismissals',
  {
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    songKey: text('song_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.musicianId, t.songKey] })],
);

/**
 * Read-only tokens for the raw WebSocket feed (GET /api/feed) and the stream overlay: stored only
 * as a hash; revoking one closes the feeds opened with it.
 */
export const feedTokens = pgTable(
  'feed_tokens',
  {
    id: id(),
    musicianId: uuid('musician_id')
      .notNull()
      .references(() => musicians.id, { onDelete: 'cascade' }),
    name: blank('name'),
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('feed_tokens_token_hash_key').on(t.tokenHash),
    index('feed_tokens_musician_idx').on(t.musicianId),
  ],
);

/**
 * Keys the server derives from, made by the database when it is created so every process of
 * one deployment shares them: `submissions` keys the status tokens of submissions that carry an
 * Idempotency-Key (a retry is answered the same token) and the hashes of sending addresses.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
