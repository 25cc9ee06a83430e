/**
 * The live feed (issue 11): a plain WebSocket at GET /api/feed for stream overlays, foot
 * switches and lights, authenticated by a feed token the musician makes in the Profile tab.
 * Every message is `{type, at, data}`; `data` carries only what a public screen may show
 * (song, artist, the requester's first name, dedication, status, votes), never an email.
 * The message union is defined once here: the server builds it, the overlay and tests parse it,
 * docs/live-feed.md documents it.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { hasNul } from '../nul-character.ts';
import { REQUEST_STATUSES } from './request.ts';

/** The WebSocket's path, and the overlay page's (followed by the musician's slug). */
export const FEED_PATH = '/api/feed';
export const OVERLAY_PATH = '/overlay';

export const FEED_TOKEN_NAME_MAX_LENGTH = 60;
/** Feed tokens one musician may hold: enough for every screen and gadget of a rig. */
export const FEED_TOKENS_MAX = 20;
/** A token is 43 characters; anything much longer is not one (refused before any lookup). */
export const FEED_TOKEN_INPUT_MAX_LENGTH = 200;
/** Feeds one musician may hold open on one server process at a time. */
export const FEED_OPEN_MAX = 20;
/** The most requests `hello` carries (Up Next first, then the waiting ones, oldest first). */
export const FEED_QUEUE_MAX = 100;
/**
 * A WebSocket ping every 30 s keeps the feed alive through proxies (HAProxy's timeouts are 90 s)
 * and ends a feed whose client vanished: one whose pong has not come back by the next ping.
 */
export const FEED_HEARTBEAT_SECONDS = 30;

/**
 * Close codes a feed client may see. 4401: the token is missing, wrong or was revoked (do not
 * reconnect with it). 4429: too many feeds open for this musician (try again later). 1001: the
 * server is restarting, 1011: it failed (reconnect with a backoff either way).
 */
export const FEED_CLOSE = {
  tokenRefused: 4401,
  tooManyFeeds: 4429,
  serverRestarting: 1001,
  internalError: 1011,
  /** Events may have been missed (the server's Redis subscriptions were cut): `hello` again. */
  reconnectForState: 1012,
} as const;

/** Whether a client should give up rather than reconnect after this close code. */
export function isFinalFeedClose(code: number): boolean {
  return code === FEED_CLOSE.tokenRefused;
}

/** POST /feed-tokens: an optional label; blank means "Live feed N". */
export const CreateFeedTokenBody = z
  .object({
    name: z
      .string({ error: messages.feedTokenNameInvalid })
      .trim()
      .max(FEED_TOKEN_NAME_MAX_LENGTH, messages.feedTokenNameInvalid)
      .refine((name) => !hasNul(name), messages.textHasNulCharacter)
      .optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type CreateFeedTokenBody = z.infer<typeof CreateFeedTokenBody>;

/** The one answer that carries the token: shown once in the Profile tab, stored only hashed. */
export const CreatedFeedToken = z.object({ id: z.string(), token: z.string() });
export type CreatedFeedToken = z.infer<typeof CreatedFeedToken>;

/** A listed feed token: never the token or its hash. */
export const FeedToken = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type FeedToken = z.infer<typeof FeedToken>;

export const FeedTokenList = z.object({ tokens: z.array(FeedToken) });
export type FeedTokenList = z.infer<typeof FeedTokenList>;

/** GET /feed?token=... (browsers cannot set headers on a WebSocket; others may send Bearer). */
export const FeedQuery = z.object({
  token: z.string().max(FEED_TOKEN_INPUT_MAX_LENGTH, messages.feedTokenInvalid).optional(),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

/** A request as a public screen may show it. */
export const FeedRequest = z.object({
  id: z.string(),
  song: z.string(),
  artist: z.string(),
  /** The first word of the name the requester gave; '' when there is none to show. */
  requester: z.string(),
  dedication: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** People asking for this song (1 + the +1s merged into it). */
  votes: z.number().int().min(1),
  /**
   * Its place in its column (Up Next, or waiting), 1 = first; null once played or rejected.
   * Always sent; optional for feeds recorded before it existed.
   */
  queue_position: z.number().int().min(1).nullable().optional(),
  created_at: z.string(),
});
export type FeedRequest = z.infer<typeof FeedRequest>;

export const FeedShow = z.object({ id: z.string(), name: z.string(), venue_name: z.string() });
export type FeedShow = z.infer<typeof FeedShow>;

const message = <Type extends string, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({ type: z.literal(type), at: z.string(), data });

export const FeedHelloMessage = message(
  'hello',
  z.object({
    musician: z.object({ name: z.string(), slug: z.string() }),
    requests_enabled: z.boolean(),
    /** Up Next, then pending and accepted, each by queue_position; at most FEED_QUEUE_MAX. */
    queue: z.array(FeedRequest),
  }),
);
export type FeedHelloMessage = z.infer<typeof FeedHelloMessage>;

/** Every message of the feed, told apart by `type`. */
export const FeedMessage = z.discriminatedUnion('type', [
  FeedHelloMessage,
  message('request.created', FeedRequest),
  message('request.updated', FeedRequest),
  message('request.deleted', z.object({ id: z.string() })),
  /** The running show changed: started (active, with its show), stopped or archived. */
  message('show.updated', z.object({ active: z.boolean(), show: FeedShow.nullable() })),
  message('requests.toggled', z.object({ requests_enabled: z.boolean() })),
]);
export type FeedMessage = z.infer<typeof FeedMessage>;
export type FeedMessageType = FeedMessage['type'];
/** The messages that follow events, as one server process hands them to another. */
export type FeedEventMessage = Exclude<FeedMessage, FeedHelloMessage>;
