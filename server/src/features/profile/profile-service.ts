import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import {
  REQUEST_WINDOW_MAX_DAYS,
  SlugField,
  type Musician,
  type ProfileUpdateBody,
  type SlugAvailabilityResponse,
} from '#shared/schemas/musician.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { QueueReorder } from '#server/events/queue-reorder.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import type { PaymentsMode } from '#shared/schemas/payments.ts';
import { toMusician } from '#server/musicians/musician-mapper.ts';
import type {
  MusicianChanges,
  MusiciansRepository,
} from '#server/musicians/musicians-repository.ts';
import {
  insideWindow,
  lastPassedTime,
  systemClock,
  type Clock,
  type RequestWindow,
} from '#server/musicians/request-window.ts';

/** API field -> column, for every field PUT /profile may change. */
const COLUMNS = {
  name: 'name',
  slug: 'slug',
  bio: 'bio',
  website: 'website',
  venmo_link: 'venmoLink',
  paypal_username: 'paypalUsername',
  venmo_username: 'venmoUsername',
  cash_app_username: 'cashAppUsername',
  zelle_email: 'zelleEmail',
  zelle_phone: 'zellePhone',
  instagram_username: 'instagramUsername',
  facebook_username: 'facebookUsername',
  tiktok_username: 'tiktokUsername',
  spotify_artist_url: 'spotifyArtistUrl',
  apple_music_artist_url: 'appleMusicArtistUrl',
  venmo_enabled: 'venmoEnabled',
  paypal_enabled: 'paypalEnabled',
  cash_app_enabled: 'cashAppEnabled',
  zelle_enabled: 'zelleEnabled',
  tips_enabled: 'tipsEnabled',
  requests_enabled: 'requestsEnabled',
  queue_order: 'queueOrder',
  requests_open_at: 'requestsOpenAt',
  requests_close_at: 'requestsCloseAt',
  repeat_rule: 'repeatRule',
  repeat_hours: 'repeatHours',
  venue_screen_enabled: 'venueScreenEnabled',
  venue_screen_dedications: 'venueScreenDedications',
  public_queue: 'publicQueue',
  card_payments_enabled: 'cardPaymentsEnabled',
  paid_request_price: 'paidRequestPrice',
  show_recaps: 'showRecaps',
} as const satisfies Record<keyof ProfileUpdateBody, keyof MusicianChanges>;

const asDate = (time: string | null) => (time === null ? null : new Date(time));

function toChanges(body: ProfileUpdateBody): MusicianChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = body[field as keyof ProfileUpdateBody];
    if (value === undefined) continue;
    const isTime = field === 'requests_open_at' || field === 'requests_close_at';
    changes[column] = isTime ? asDate(value as string | null) : value;
  }
  return changes as MusicianChanges;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The window the update leaves, checked: each time sent within REQUEST_WINDOW_MAX_DAYS of now, and
 * the close after the open (either may have been stored before). The Requests switch flipped on
 * by hand outside the window lifts the bound that keeps it closed (request-window.ts's rule).
 */
function windowChanges(
  body: ProfileUpdateBody,
  stored: RequestWindow,
  now: Date,
): Partial<RequestWindow> {
  const changes: Partial<RequestWindow> = {};
  for (const [field, column] of [
    ['requests_open_at', 'requestsOpenAt'],
    ['requests_close_at', 'requestsCloseAt'],
  ] as const) {
    const sent = body[field];
    if (sent === undefined) continue;
    const time = asDate(sent);
    if (time && Math.abs(time.getTime() - now.getTime()) > REQUEST_WINDOW_MAX_DAYS * DAY_MS) {
      throw badRequest(fill(messages.requestWindowTooFar, { days: REQUEST_WINDOW_MAX_DAYS }));
    }
    changes[column] = time;
  }
  const window = { ...stored, ...changes };
  if (body.requests_enabled === true && !insideWindow(window, now)) {
    const early = window.requestsOpenAt && now < window.requestsOpenAt;
    if (early && body.requests_open_at === undefined) changes.requestsOpenAt = null;
    if (!early && body.requests_close_at === undefined) changes.requestsCloseAt = null;
  }
  const { requestsOpenAt: open, requestsCloseAt: close } = { ...stored, ...changes };
  if (open && close && close.getTime() <= open.getTime()) {
    throw badRequest(messages.requestWindowCloseBeforeOpen);
  }
  return changes;
}

const touchesWindow = (body: ProfileUpdateBody) =>
  body.requests_open_at !== undefined ||
  body.requests_close_at !== undefined ||
  body.requests_enabled !== undefined;

interface Deps {
  musicians: MusiciansRepository;
  events: DomainEvents;
  /** A queue_order chosen renumbers the queue. */
  queue?: QueueReorder;
  /** The moment the request window is read at; tests hand in their own. */
  clock?: Clock;
  /** How this server takes cards (payments-mode.ts): the card switch is the musician's only
   * when the server's own Stripe account takes the money. */
  paymentsMode?: PaymentsMode;
}

/** The card switch, refused where it is not the musician's to flip. */
function checkCardSwitch(body: ProfileUpdateBody, mode: PaymentsMode) {
  if (body.card_payments_enabled === undefined) return;
  if (mode === 'off') throw badRequest(messages.paymentsNotConfigured);
  if (mode === 'connect') throw badRequest(messages.paymentsOwnAccountOnly);
}

/** Whether the update may change which songs the audience's list shows as held back. */
const touchesRepeatRule = (body: ProfileUpdateBody) =>
  body.repeat_rule !== undefined || body.repeat_hours !== undefined;

export function profileService({
  musicians,
  events,
  queue,
  clock = systemClock,
  paymentsMode = 'off',
}: Deps) {
  return {
    /** The musician's current slug (the name of their public room), or undefined when gone. */
    async slugOf(musicianId: string): Promise<string | undefined> {
      return musicians.slugOf(musicianId);
    },

    async get(musicianId: string): Promise<Musician> {
      const row = await musicians.findById(musicianId);
      if (!row) throw notFound(messages.musicianNotFound);
      return toMusician(row, clock());
    },

    async update(musicianId: string, body: ProfileUpdateBody): Promise<Musician> {
      const now = clock();
      checkCardSwitch(body, paymentsMode);
      const changes = toChanges(body);
      if (touchesWindow(body)) {
        const stored = await musicians.findById(musicianId);
        if (!stored) throw notFound(messages.musicianNotFound);
        const window = windowChanges(body, stored, now);
        Object.assign(changes, window);
        // This answer and its push tell the switch as it is now: the scheduler has nothing
        // left to announce for the times already passed.
        changes.requestsWindowAnnouncedAt = lastPassedTime({ ...stored, ...window }, now);
      }
      try {
        const updated = await musicians.update(musicianId, changes);
        if (!updated) throw notFound(messages.musicianNotFound);
        const musician = toMusician(updated.row, now);
        // Audience pages still open under the old slug must hear of the new one.
        events.publish({
          musicianId,
          name: 'profile:updated',
          payload: musician,
          ...(updated.previousSlug ? { previousSlug: updated.previousSlug } : {}),
          // Only the repeat rule decides which songs the audience's list holds back.
          ...(touchesRepeatRule(body) ? { songStates: true } : {}),
        });
        if (body.queue_order !== undefined) await queue?.reorder(musicianId);
        return musician;
      } catch (error) {
        if (isUniqueViolation(error, 'musicians_slug_key')) throw conflict(messages.slugTaken);
        throw error;
      }
    },

    /** The slug field's live check: the same rules PUT /profile applies, without saving. */
    async slugAvailability(musicianId: string, typed: string): Promise<SlugAvailabilityResponse> {
      const parsed = SlugField.safeParse(typed);
      const slug = typed.trim().toLowerCase();
      if (!parsed.success) return { available: false, slug, message: messages.slugInvalid };
      const musician = await musicians.findById(musicianId);
      if (musician?.slug === parsed.data) {
        return { available: true, slug: parsed.data, message: messages.slugCurrent };
      }
      const taken = await musicians.slugTakenByOther(parsed.data, musicianId);
      return {
        available: !taken,
        slug: parsed.data,
        message: taken ? messages.slugTaken : messages.slugAvailable,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
