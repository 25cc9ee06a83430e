import { z } from 'zod';
import { CreateRequestBody, OPEN_REQUEST_STATUSES } from './request.ts';

/**
 * The public side of the queue (issue 22 §5 and §6): what the venue screen and the audience page's
 * Queue view may show of an open request. First name only, never an email, a surname or a tip.
 * The server builds every entry field by field and the response schemas filter what leaves.
 */

/** The longest first name a public screen shows (a name typed as one long word is cut). */
export const PUBLIC_FIRST_NAME_MAX_LENGTH = 20;

/** How many requests the venue screen lists after Now and Next. */
export const VENUE_SCREEN_QUEUE_LENGTH = 8;

/** GET /musicians/{slug}/queue: one open request, exactly these fields. */
export const PublicQueueEntry = z.object({
  id: z.string(),
  song_title: z.string(),
  song_artist: z.string(),
  requester_first_name: z.string(),
  votes: z.number().int().min(1),
  status: z.enum(OPEN_REQUEST_STATUSES),
  queue_position: z.number().int().min(1).nullable(),
});
export type PublicQueueEntry = z.infer<typeof PublicQueueEntry>;

/** Up Next first (by queue_position), then the waiting requests (by queue_position). */
export const PublicQueueResponse = z.object({ requests: z.array(PublicQueueEntry) });
export type PublicQueueResponse = z.infer<typeof PublicQueueResponse>;

/** A request on the venue screen: the public entry, with its dedication only when opted in. */
export const VenueScreenEntry = PublicQueueEntry.extend({
  /** '' unless the musician shows dedications on the venue screen. */
  dedication: z.string(),
});
export type VenueScreenEntry = z.infer<typeof VenueScreenEntry>;

/** GET /musicians/{slug}/screen: what the venue's TV shows. */
export const VenueScreenResponse = z.object({
  /** The first of Up Next: the song being played. */
  now: VenueScreenEntry.nullable(),
  /** The request after it (Up Next or the first waiting). */
  next: VenueScreenEntry.nullable(),
  /** The next few after that, in queue order (VENUE_SCREEN_QUEUE_LENGTH at most). */
  queue: z.array(VenueScreenEntry),
  /** Open requests beyond those shown. */
  more: z.number().int().min(0),
  /** The audience page's address, as the QR code and the short link show it. */
  audience_url: z.string(),
  /** The QR code of audience_url: `size` modules square, the dark ones as one SVG path. */
  qr: z.object({ size: z.number().int().min(1), path: z.string() }),
});
export type VenueScreenResponse = z.infer<typeof VenueScreenResponse>;

/** POST /requests/{id}/vote: who presses +1, checked as a request's name and email are. */
export const VoteBody = CreateRequestBody.pick({ requester_name: true, requester_email: true });
export type VoteBody = z.input<typeof VoteBody>;

/** The request's count after the vote; `already_voted` when this person had voted already. */
export const VoteResponse = z.object({
  id: z.string(),
  votes: z.number().int().min(1),
  already_voted: z.boolean(),
});
export type VoteResponse = z.infer<typeof VoteResponse>;
