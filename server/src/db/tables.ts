/**
 * The Kysely `DB` interface: every table of the schema, as rows read and written through Kysely
 * with `CamelCasePlugin` (snake_case in the database, camelCase here). The values are what both
 * engines give (docs: design of issue 44, "Values"): `Date` for a timestamp, a string for a
 * numeric (as node-postgres gives it), `Buffer` for bytes, 'YYYY-MM-DD' for a day.
 *
 * `Generated<T>` marks a column the database fills when an insert leaves it out (a default).
 * The migrations in ./migrations/ make these tables; table-columns.ts lists the same columns at
 * run time, and a test checks both against a live database of each engine.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamp the database sets when an insert leaves it out (created_at, updated_at). */
type GeneratedTime = Generated<Date>;
/** numeric(p,s): read as node-postgres gives it (a string), written as a number or a string. */
type Money = ColumnType<string, number | string, number | string>;
type GeneratedMoney = ColumnType<string, number | string | undefined, number | string>;
/** bytea: a Buffer read, a Buffer or any Uint8Array written. */
type Bytes = ColumnType<Buffer, Buffer | Uint8Array, Buffer | Uint8Array>;

export type RequestStatus = 'pending' | 'accepted' | 'up_next' | 'played' | 'rejected';
export type QueueOrder = 'arrival' | 'votes' | 'tips' | 'manual' | 'fair';
export type RepeatRule = 'allow' | 'show' | 'hours';
export type SessionScope = 'musician' | 'stage';
export type ShowStatus = 'active' | 'stopped' | 'archived';
export type SuggestionStatus = 'pending' | 'added' | 'rejected';
export type ClickType = 'tip' | 'social';
export type TipPlatform = 'paypal' | 'venmo' | 'cashapp' | 'zelle';
export type ColorScheme = 'purple' | 'blue' | 'green' | 'red' | 'orange';
export type LayoutMode = 'grid' | 'list';
export type ImageKind = 'artist_photo' | 'banner_image';

export interface MusiciansTable {
  id: Generated<string>;
  name: string;
  email: string;
  slug: string;
  passwordHash: string;
  bio: Generated<string>;
  website: Generated<string>;
  venmoLink: Generated<string>;
  paypalUsername: Generated<string>;
  venmoUsername: Generated<string>;
  cashAppUsername: Generated<string>;
  zelleEmail: Generated<string>;
  zellePhone: Generated<string>;
  instagramUsername: Generated<string>;
  facebookUsername: Generated<string>;
  tiktokUsername: Generated<string>;
  spotifyArtistUrl: Generated<string>;
  appleMusicArtistUrl: Generated<string>;
  venmoEnabled: Generated<boolean>;
  paypalEnabled: Generated<boolean>;
  cashAppEnabled: Generated<boolean>;
  zelleEnabled: Generated<boolean>;
  tipsEnabled: Generated<boolean>;
  requestsEnabled: Generated<boolean>;
  /** How the waiting requests are ordered (Up Next is always the musician's order). */
  queueOrder: Generated<QueueOrder>;
  /** The request window: before open and after close requests read as off. Null: no bound. */
  requestsOpenAt: Date | null;
  requestsCloseAt: Date | null;
  /** The latest window time whose switch was announced (claimed by one process). */
  requestsWindowAnnouncedAt: Date | null;
  repeatRule: Generated<RepeatRule>;
  repeatHours: Generated<number>;
  venueScreenEnabled: Generated<boolean>;
  venueScreenDedications: Generated<boolean>;
  publicQueue: Generated<boolean>;
  /** The identity provider account this musician signs in with (OIDC `iss` and `sub`). */
  oidcIssuer: string | null;
  oidcSubject: string | null;
  createdAt: GeneratedTime;
  updatedAt: GeneratedTime;
  /**
   * Goes up by one with every write that adds or renames one of the musician's songs
   * (catalogue/songs-version.ts): how an import in batches knows whether the keys it read are
   * still the musician's (migration 0002).
   */
  songsVersion: Generated<number>;
  /** The musician's Stripe Connect account (hosted service only; migration 0005). */
  stripeAccountId: string | null;
  /** Whether the audience may pay by card: the musician's switch, or Connect's charges_enabled. */
  cardPaymentsEnabled: Generated<boolean>;
  /** "Skip the line for $X"; null: paid requests are off. */
  paidRequestPrice: string | null;
  /** A public recap of each ended show (migration 0009); off by default. */
  showRecaps: Generated<boolean>;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  musicianId: string;
  tokenHash: string;
  scope: Generated<SessionScope>;
  stageDeviceId: string | null;
  createdAt: GeneratedTime;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface StageDevicesTable {
  id: Generated<string>;
  musicianId: string;
  name: Generated<string>;
  codeHash: string;
  codeExpiresAt: Date;
  claimedAt: Date | null;
  lastSeenAt: Date | null;
  createdAt: GeneratedTime;
}

export interface OidcFlowsTable {
  id: Generated<string>;
  stateHash: string;
  codeVerifier: string;
  nonce: string;
  expiresAt: Date;
  createdAt: GeneratedTime;
}

export interface OidcSignupsTable {
  id: Generated<string>;
  tokenHash: string;
  issuer: string;
  subject: string;
  email: string;
  expiresAt: Date;
  createdAt: GeneratedTime;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  musicianId: string;
  codeHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: GeneratedTime;
}

export interface PasswordResetGuessesTable {
  emailHash: string;
  address: string;
  attempts: number;
  expiresAt: Date;
}

export interface SongsTable {
  id: Generated<string>;
  musicianId: string;
  title: string;
  artist: string;
  /** text[] on PostgreSQL, a JSON array on SQLite: a string array from both. */
  genres: Generated<string[]>;
  moods: Generated<string[]>;
  year: number | null;
  notes: Generated<string>;
  songwriter: Generated<string>;
  /** The song's length in seconds (migration 0006); null when not known. */
  durationSeconds: Generated<number | null>;
  hidden: Generated<boolean>;
  requestCount: Generated<number>;
  createdAt: GeneratedTime;
  updatedAt: GeneratedTime;
}

export interface ShowsTable {
  id: Generated<string>;
  musicianId: string;
  name: string;
  status: Generated<ShowStatus>;
  date: GeneratedTime;
  venueName: Generated<string>;
  venueAddress: Generated<string>;
  /** A day, 'YYYY-MM-DD'. */
  performedOn: string | null;
  stoppedAt: Date | null;
  createdAt: GeneratedTime;
  updatedAt: GeneratedTime;
}

export interface RequestsTable {
  id: Generated<string>;
  musicianId: string;
  songId: string | null;
  showId: string | null;
  songTitle: string;
  songArtist: string;
  requesterName: string;
  requesterEmail: string;
  dedication: Generated<string>;
  status: Generated<RequestStatus>;
  /** What the requester and the tips on it claimed (the phone's word). */
  tipAmount: GeneratedMoney;
  /** What arrived: app tips the musician marked received. The 'tips' order counts this. */
  tipReceived: GeneratedMoney;
  /** A paid request's money: 'paid', then 'refunded' if it was not played; null otherwise. */
  payment: RequestPayment | null;
  tipClicked: Generated<boolean>;
  idempotencyKey: string | null;
  /** SHA-256 of the requester's secret status token. */
  statusTokenHash: string | null;
  deviceId: Generated<string>;
  /** A keyed hash of the sending address and the musician. */
  source: string | null;
  votes: Generated<number>;
  blocked: Generated<boolean>;
  /** Where an open request stands in its column, 1 = first; null once played or rejected. */
  queuePosition: number | null;
  /** The musician's order; a new request's default is its arrival time in seconds. */
  queueRank: Generated<number>;
  previousStatus: RequestStatus | null;
  statusChangedAt: Date | null;
  playedAt: Date | null;
  createdAt: GeneratedTime;
  updatedAt: GeneratedTime;
}

export interface RequestVotersTable {
  id: Generated<string>;
  requestId: string;
  musicianId: string;
  requesterName: string;
  requesterEmail: string;
  dedication: Generated<string>;
  tipAmount: GeneratedMoney;
  deviceId: Generated<string>;
  idempotencyKey: string | null;
  statusTokenHash: string | null;
  source: string | null;
  createdAt: GeneratedTime;
}

export interface BlockedRequestersTable {
  id: Generated<string>;
  musicianId: string;
  /** Lower-cased; '' when only the device is known. */
  email: Generated<string>;
  deviceId: Generated<string>;
  requesterName: Generated<string>;
  createdAt: GeneratedTime;
}

export interface RequestClicksTable {
  id: Generated<string>;
  requestId: string;
  type: ClickType;
  platform: string;
  createdAt: GeneratedTime;
}

export interface SongSuggestionsTable {
  id: Generated<string>;
  musicianId: string;
  suggestedTitle: string;
  suggestedArtist: string;
  requesterName: string;
  requesterEmail: string;
  message: Generated<string>;
  status: Generated<SuggestionStatus>;
  idempotencyKey: string | null;
  source: string | null;
  createdAt: GeneratedTime;
  updatedAt: GeneratedTime;
}

export interface PlaylistsTable {
  id: Generated<string>;
  musicianId: string;
  name: string;
  isPublic: Generated<boolean>;
  isActive: Generated<boolean>;
  createdAt: GeneratedTime;
  updatedAt: GeneratedTime;
}

export interface PlaylistSongsTable {
  playlistId: string;
  songId: string;
  position: number;
}

export interface TipsTable {
  id: Generated<string>;
  musicianId: string;
  requestId: string | null;
  amount: Money;
  platform: TipPlatform;
  tipperName: Generated<string>;
  message: Generated<string>;
  idempotencyKey: string | null;
  deviceId: Generated<string>;
  /** The sending address, keyed (submission-source.ts); null on tips from before it was kept. */
  source: string | null;
  createdAt: GeneratedTime;
  /** When the musician marked it received; null while it is only claimed. */
  receivedAt: Date | null;
}

export type PaymentKind = 'tip' | 'request';
export type PaymentStatus = 'open' | 'paid' | 'refunded' | 'expired';
export type RequestPayment = 'paid' | 'refunded';
export type RefundReason = 'rejected' | 'show_ended' | 'not_admitted' | 'deleted';

/** A card payment through Stripe Checkout, from the moment Checkout opens (migration 0005). */
export interface PaymentsTable {
  id: Generated<string>;
  musicianId: string;
  /** The request it tips or pays for; a paid request's is set once it is filed. */
  requestId: string | null;
  kind: PaymentKind;
  amount: Money;
  currency: Generated<string>;
  /** Stripe's fee, where Stripe told it. */
  fee: string | null;
  status: Generated<PaymentStatus>;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  tipperName: Generated<string>;
  message: Generated<string>;
  /** A paid request's submission (JSON), filed once Stripe says it is paid. */
  submission: string | null;
  /**
   * The id a paid request is filed under (its phone was told it before Checkout): no foreign
   * key, so a paid request deleted is still known to be gone, and refunded.
   */
  heldRequestId: string | null;
  /** A paid request's status token, hashed: the phone follows it before the request exists. */
  statusTokenHash: string | null;
  refundReason: RefundReason | null;
  createdAt: GeneratedTime;
  paidAt: Date | null;
  refundedAt: Date | null;
}

/** Every Stripe event acted on, by its id: a replay is counted once. */
export interface PaymentEventsTable {
  id: string;
  createdAt: GeneratedTime;
}

export interface DesignSettingsTable {
  musicianId: string;
  colorScheme: Generated<ColorScheme>;
  layoutMode: Generated<LayoutMode>;
  artistPhoto: string | null;
  bannerImage: string | null;
  showYear: Generated<boolean>;
  showNotes: Generated<boolean>;
  allowSongSuggestions: Generated<boolean>;
  updatedAt: GeneratedTime;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  musicianId: string | null;
  name: string;
  email: string;
  message: string;
  /** The sending address, keyed (contact-service.ts); null on messages from before. */
  source: string | null;
  createdAt: GeneratedTime;
}

export interface MusicianSlugHistoryTable {
  slug: string;
  musicianId: string;
  createdAt: GeneratedTime;
}

export interface ImagesTable {
  id: Generated<string>;
  musicianId: string;
  kind: ImageKind;
  contentType: string;
  bytes: Bytes;
  width: number;
  height: number;
  createdAt: GeneratedTime;
}

export interface LearnNextDismissalsTable {
  musicianId: string;
  songKey: string;
  createdAt: GeneratedTime;
}

export interface FeedTokensTable {
  id: Generated<string>;
  musicianId: string;
  name: Generated<string>;
  tokenHash: string;
  lastUsedAt: Date | null;
  createdAt: GeneratedTime;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A solved proof of work, spent once (proof-of-work/spent-proofs-repository.ts). */
export interface SpentProofsTable {
  signature: string;
  expiresAt: Date;
}

/**
 * A requester's browser to tell when their request changes (migration 0008,
 * features/push-notifications): its push service's endpoint and the keys of RFC 8291.
 */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  requestId: string;
  musicianId: string;
  /** Set when a +1's own status token subscribed: whose dedication the pushes may name. */
  voterId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The audience page's language it is told in (shared/src/i18n/locales.ts). */
  locale: string;
  /** The phone's IANA time zone, for "Played at 9:40 PM"; null: UTC, saying so. */
  timeZone: string | null;
  /** When it was told "Up Next" (claimed once, by one process). */
  upNextSentAt: Date | null;
  createdAt: GeneratedTime;
}

export interface DB {
  musicians: MusiciansTable;
  authSessions: AuthSessionsTable;
  stageDevices: StageDevicesTable;
  oidcFlows: OidcFlowsTable;
  oidcSignups: OidcSignupsTable;
  passwordResets: PasswordResetsTable;
  passwordResetGuesses: PasswordResetGuessesTable;
  songs: SongsTable;
  shows: ShowsTable;
  requests: RequestsTable;
  requestVoters: RequestVotersTable;
  blockedRequesters: BlockedRequestersTable;
  requestClicks: RequestClicksTable;
  songSuggestions: SongSuggestionsTable;
  playlists: PlaylistsTable;
  playlistSongs: PlaylistSongsTable;
  tips: TipsTable;
  payments: PaymentsTable;
  paymentEvents: PaymentEventsTable;
  designSettings: DesignSettingsTable;
  contactMessages: ContactMessagesTable;
  musicianSlugHistory: MusicianSlugHistoryTable;
  images: ImagesTable;
  learnNextDismissals: LearnNextDismissalsTable;
  feedTokens: FeedTokensTable;
  serverSecrets: ServerSecretsTable;
  spentProofs: SpentProofsTable;
  pushSubscriptions: PushSubscriptionsTable;
}

/** Rows as read, for the tables whose rows travel beyond one repository. */
export type Musician = Selectable<MusiciansTable>;
export type NewMusician = Insertable<MusiciansTable>;
export type MusicianUpdate = Updateable<MusiciansTable>;
export type Song = Selectable<SongsTable>;
export type NewSong = Insertable<SongsTable>;
export type Show = Selectable<ShowsTable>;
/** (Not `Request`: that names the fetch API's request everywhere.) */
export type SongRequest = Selectable<RequestsTable>;
export type NewSongRequest = Insertable<RequestsTable>;
export type SongRequestUpdate = Updateable<RequestsTable>;
export type RequestVoter = Selectable<RequestVotersTable>;
export type Tip = Selectable<TipsTable>;
export type Payment = Selectable<PaymentsTable>;
export type Playlist = Selectable<PlaylistsTable>;
export type SongSuggestion = Selectable<SongSuggestionsTable>;
export type DesignSettings = Selectable<DesignSettingsTable>;
export type StageDevice = Selectable<StageDevicesTable>;
export type AuthSession = Selectable<AuthSessionsTable>;
