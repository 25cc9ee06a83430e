import { ApiError } from '#client/lib/api-fetch.ts';
import type { OutboxOutcome } from '#client/lib/outbox.ts';
import type {
  AlreadyRequested,
  CreateRequestBody,
  PaidRequestCheckout,
} from '#shared/schemas/request.ts';
import { postSubmission } from './audience-submit.ts';
import type { TrackedRequest } from './my-requests.ts';

export interface PaidRequest {
  /** The request as a free one would be sent; `paid: true` is added here. */
  body: CreateRequestBody;
  /** POST /requests, routed to the musician (submissionPaths.request). */
  path: string;
  song: { title: string; artist: string };
  /** One key a tap: a retried send is the same request and the same Checkout session. */
  key: string;
}

/**
 * What this phone follows of a paid request before it is paid: not in the queue yet, so no
 * place in line, and its money awaited. Stripe's word moves it on (its status view).
 */
export function trackedPaidRequest(
  answer: PaidRequestCheckout,
  song: PaidRequest['song'],
  now: Date,
): TrackedRequest {
  return {
    token: answer.status_token,
    id: answer.id,
    song_title: song.title,
    song_artist: song.artist,
    status: 'pending',
    updated_at: now.toISOString(),
    queue_position: null,
    payment: 'awaiting',
  };
}

/**
 * Sends a paid request ("Skip the line"): the server holds it unseen and answers a Checkout
 * session; the phone remembers it as its own (as a free request is), then leaves for Checkout.
 * The outcome's response is `already_requested` when the same song of the same person waits.
 * Sent at once rather than through the outbox: without a network there is nothing to pay.
 */
export async function sendPaidRequest(
  request: PaidRequest,
  remember: (item: TrackedRequest) => void,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<OutboxOutcome> {
  try {
    const answer = (await postSubmission(
      request.path,
      { ...request.body, paid: true } satisfies CreateRequestBody,
      request.key,
    )) as PaidRequestCheckout | AlreadyRequested;
    // The same person's request for this song still waits: nothing to pay for.
    if ('already_requested' in answer) return { ok: true, response: answer };
    remember(trackedPaidRequest(answer, request.song, new Date()));
    go(answer.checkout_url);
    return { ok: true, response: answer };
  } catch (error) {
    return { ok: false, status: error instanceof ApiError ? error.status : 0, error };
  }
}
