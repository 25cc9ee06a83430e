import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, TEXT_MAX_LENGTH, TIP_MAX_AMOUNT } from '../limits.ts';
import { TIP_PLATFORMS } from '../audience-constants.ts';
import { messages } from '../messages.ts';
import { hasNul } from '../nul-character.ts';
import { tooLong } from './human-errors.ts';
import { Show } from './show.ts';

import { Suggestion } from './suggestion.ts';
import { REQUEST_STATUSES, type RequestStatus } from '../request-statuses.ts';

export {
  isOpenStatus,
  OPEN_REQUEST_STATUSES,
  REQUEST_STATUSES,
  type OpenRequestStatus,
  type RequestStatus,
} from '../request-statuses.ts';

/**
 * The moves of spec section 4. played and rejected are final. Every screen offers a subset.
 * The server enforces this table; the client uses it to decide which buttons to show.
 */
export const STATUS_MOVES: Record<RequestStatus, readonly RequestStatus[]> = {
  pending: ['up_next', 'played', 'rejected'],
  accepted: ['up_next', 'played', 'rejected'],
  up_next: ['played', 'rejected'],
  played: [],
  rejected: [],
};

export function canMove(from: RequestStatus, to: RequestStatus): boolean {
  return STATUS_MOVES[from].includes(to);
}

/** PUT /requests/{id}/position: right after `after_id` in its column; null puts it first. */
export const MovePositionBody = z.object({
  after_id: z.uuid({ error: messages.queueMoveAfterNotFound }).nullable(),
});
export type MovePositionBody = z.infer<typeof MovePositionBody>;

/** Someone who asked for a song already waiting: a +1 on that request, with their own words. */
export const RequestVoter = z.object({
  requester_name: z.string(),
  dedication: z.string(),
  tip_amount: z.number(),
  created_at: z.string(),
});
export type RequestVoter = z.infer<typeof RequestVoter>;

/**
 * A payment-app tip sent after the request: the phone's word ("says they tipped $5 by Venmo")
 * until the musician marks it received (PUT /tips/{id}/received).
 */
export const RequestTip = z.object({
  id: z.string(),
  amount: z.number(),
  /** 'card': paid through Stripe, received from the start. */
  platform: z.enum([...TIP_PLATFORMS, 'card']),
  tipper_name: z.string(),
  received: z.boolean(),
});
export type RequestTip = z.infer<typeof RequestTip>;

/** A request as the musician sees it (the requester's email is personal: musician only). */
export const SongRequest = z.object({
  id: z.string(),
  song_id: z.string().nullable(),
  song_title: z.string(),
  song_artist: z.string(),
  requester_name: z.string(),
  requester_email: z.string(),
  dedication: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** What was claimed: the requester's tip and the payment-app tips on it (the phone's word). */
  tip_amount: z.number(),
  /** What arrived: app tips the musician marked received. The 'tips' order counts this. */
  tip_received: z.number(),
  /** A paid request ("Skip the line"): 'paid', 'refunded' once refunded; null otherwise. */
  payment: z.enum(['paid', 'refunded']).nullable().default(null),
  tip_clicked: z.boolean(),
  social_clicks: z.array(z.string()),
  show_id: z.string().nullable(),
  show_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * People asking for this song: 1, plus one for each request of the same song merged into it
   * while it waited. Absent on requests built before merging existed (a demo): one person.
   */
  votes: z.number().int().min(1).optional(),
  /** The people merged into this request, oldest first (the musician's view only). */
  voters: z.array(RequestVoter).optional(),
  /** The payment-app tips sent after it, oldest first (absent on requests built on the device). */
  tips: z.array(RequestTip).optional(),
  /**
   * Its place in its column of the queue (Up Next, or waiting), 1 = first; null once played
   * or rejected. Absent on requests built on the device (a demo).
   */
  queue_position: z.number().int().min(1).nullable().optional(),
  /**
   * Its song's length in seconds as the song list holds it now; null when not known (or the
   * song is gone). The stage adds these up for the queue's length and its last call.
   */
  duration_seconds: z.number().int().nullable().optional(),
  /** When it was marked Played; null otherwise. The stage paces the queue by tonight's marks. */
  played_at: z.string().nullable().optional(),
});
export type SongRequest = z.infer<typeof SongRequest>;

/** PostgreSQL text cannot hold a NUL character: refused with a sentence instead of a 500. */
export const withoutNul = (text: string) => !hasNul(text);

const requesterName = z
  .string({ error: messages.requestNameEmailRequired })
  .trim()
  .min(1, messages.requestNameEmailRequired)
  .max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH))
  .refine(withoutNul, messages.textHasNulCharacter);

const requesterEmail = z
  .string({ error: messages.requestNameEmailRequired })
  .trim()
  .min(1, messages.requestNameEmailRequired)
  .max(EMAIL_MAX_LENGTH, tooLong(EMAIL_MAX_LENGTH))
  .pipe(z.email({ error: messages.emailInvalid }));

export const CreateRequestBody = z.object({
  song_id: z.uuid({ error: messages.requestSongUnavailable }),
  requester_name: requesterName,
  requester_email: requesterEmail,
  dedication: z
    .string()
    .trim()
    .max(TEXT_MAX_LENGTH)
    .refine(withoutNul, messages.textHasNulCharacter)
    .nullish()
    .transform((text) => text ?? ''),
  tip_amount: z
    .number({ error: messages.requestTipInvalid })
    .min(0, messages.requestTipInvalid)
    .max(TIP_MAX_AMOUNT, messages.requestTipInvalid)
    .nullish()
    .transform((amount) => Math.round((amount ?? 0) * 100) / 100),
  /** "Skip the line": answered with a Checkout page; the request joins the queue once paid. */
  paid: z.boolean({ error: messages.requestPaidInvalid }).nullish(),
});
export type CreateRequestBody = z.input<typeof CreateRequestBody>;
export type CreateRequestData = z.output<typeof CreateRequestBody>;

/** What the audience gets back: enough to thank them and track clicks, nothing personal. */
export const CreatedRequest = z.object({
  id: z.string(),
  song_title: z.string(),
  song_artist: z.string(),
  status: z.enum(REQUEST_STATUSES),
  created_at: z.string(),
  /** Secret to this requester: follows the request's status (GET /request-status/{token}). */
  status_token: z.string(),
});
export type CreatedRequest = z.infer<typeof CreatedRequest>;

/**
 * POST /requests with "paid": true: the request waits unseen until Stripe says it is paid, then
 * joins the queue under this id, followed by this status token.
 */
export const PaidRequestCheckout = z.object({
  id: z.string(),
  status_token: z.string(),
  checkout_url: z.string(),
});
export type PaidRequestCheckout = z.infer<typeof PaidRequestCheckout>;

/**
 * POST /requests answered 200 instead of 201: the same person (email or device) asked again for
 * their song still waiting. This is their request, unchanged; the ask counted nothing. No status
 * token: none was made for this ask, and the first ask's answer carried theirs.
 */
export const AlreadyRequested = CreatedRequest.omit({ status_token: true }).extend({
  already_requested: z.literal(true),
});
export type AlreadyRequested = z.infer<typeof AlreadyRequested>;

export const UpdateStatusBody = z.object({ status: z.enum(REQUEST_STATUSES) });
export type UpdateStatusBody = z.infer<typeof UpdateStatusBody>;

/**
 * Paging of a musician's requests (GET /requests/musician/{id} and /requests/updates/{id}).
 * Without `since` or `before`: the working set (every open request, the newest
 * ALL_REQUESTS_SHOWN, the last COMPLETED_SHOWN played or rejected). `since`: only what changed
 * after that cursor (a `next_since` of an earlier answer). `before`: older history, `limit` rows.
 */
export const RequestsPageQuery = z
  .object({
    since: z.string().trim().min(1).max(200).optional(),
    before: z.string().trim().min(1).max(200).optional(),
    limit: z.coerce
      .number({ error: messages.requestsPageLimitInvalid })
      .int(messages.requestsPageLimitInvalid)
      .min(1, messages.requestsPageLimitInvalid)
      .max(200, messages.requestsPageLimitInvalid)
      .optional(),
  })
  .refine((query) => !(query.since && query.before), messages.requestsCursorConflict);
export type RequestsPageQuery = z.infer<typeof RequestsPageQuery>;

/** Added to the list answers by paging; optional, so older answers still parse. */
const pageFields = {
  /** Pass back as `since` on the next poll or resync: answers only what changed after this. */
  next_since: z.string().optional(),
  /** Pass back as `before` for the next older page; null when there is nothing older. */
  next_before: z.string().nullable().optional(),
  /** Requests deleted since the `since` cursor: drop them. */
  deleted_ids: z.array(z.string()).optional(),
  /** True when this is a whole working set (no `since`, or one too old): replace, not merge. */
  complete: z.boolean().optional(),
};

export const RequestsResponse = z.object({ requests: z.array(SongRequest), ...pageFields });
export type RequestsResponse = z.infer<typeof RequestsResponse>;

export const GroupedRequestsResponse = z.object({
  unassigned: z.array(SongRequest),
  /** Keyed by show id. */
  shows: z.record(z.string(), z.object({ show: Show, requests: z.array(SongRequest) })),
});
export type GroupedRequestsResponse = z.infer<typeof GroupedRequestsResponse>;

/** The polling fallback's answer (and a resync after reconnecting). */
export const UpdatesResponse = z.object({
  requests: z.array(SongRequest),
  suggestions: z.array(Suggestion),
  ...pageFields,
});
export type UpdatesResponse = z.infer<typeof UpdatesResponse>;

export const TrackClickBody = z.object({
  type: z.enum(['tip', 'social']),
  platform: z.string().trim().min(1).max(50),
});
export type TrackClickBody = z.infer<typeof TrackClickBody>;

export const MusicianIdParams = z.object({
  musicianId: z.uuid({ error: 'This id is not valid.' }),
});
