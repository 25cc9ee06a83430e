import { ApiError, errorMessage } from '#client/lib/api-fetch.ts';
import type { OutboxOutcome } from '#client/lib/outbox.ts';
import type { RefusedAsPlayed } from '#shared/schemas/audience.ts';
import type {
  AlreadyRequested,
  CreatedRequest,
  CreateRequestBody,
} from '#shared/schemas/request.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import { submissionPaths } from './audience-api.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { audienceOutbox, type RequestMeta } from './audience-outbox.ts';
import { useAudienceStore } from './audience-store.ts';
import { audienceT } from './i18n/audience-i18n.ts';
import type { SentAs } from './my-requests.ts';
import { fetchStatuses } from './status-reads.ts';

// The one way the page asks for a song (not paid): the request form and a song offered instead
// of one turned down both send through here, so both go through the outbox (its Idempotency-Key,
// retries, and the proof of work the server may ask for, audience-submit.ts).

export type RefusedOutcome = Extract<OutboxOutcome, { ok: false }>;

/** What became of a request: filed, the same person's ask already waiting, or refused. */
export type RequestSent =
  | { kind: 'filed'; created: CreatedRequest }
  | { kind: 'already' }
  | { kind: 'refused'; outcome: RefusedOutcome };

/**
 * The sentence for a request the server refused (spec section 8), in the page's language: the
 * server words its details in the language the page asked for (Accept-Language).
 */
export function requestError(outcome: RefusedOutcome): string {
  const detail = errorMessage(outcome.error, '');
  switch (outcome.status) {
    case 403:
      // Requests off, or outside the window: the server's sentence says when they open.
      return detail || audienceT('messages:requestsDisabled');
    case 402:
      return detail || audienceT('messages:requestLimitReached');
    case 429:
      return detail || audienceT('messages:tooManyRequests');
    default:
      return detail || audienceT('messages:requestSubmitFailed');
  }
}

/** The songs a no-repeats refusal (409) offers to ask for instead; none for any other answer. */
export function offeredOnRefusal(outcome: RefusedOutcome): PublicSong[] {
  if (outcome.status !== 409 || !(outcome.error instanceof ApiError)) return [];
  const songs = (outcome.error.body as Partial<RefusedAsPlayed> | undefined)?.alternatives;
  return Array.isArray(songs) ? songs : [];
}

/**
 * Asks for `song` as `sentAs` on the open page. Once filed, its place in line is read at once
 * (the filing's answer does not carry it) and the request sheet, if open, says it was sent.
 */
export async function sendRequest(song: PublicSong, sentAs: SentAs): Promise<RequestSent> {
  const { slug, musician } = useAudienceStore.getState();
  const body: CreateRequestBody = {
    song_id: song.id,
    requester_name: sentAs.name,
    requester_email: sentAs.email,
    dedication: sentAs.dedication,
  };
  const meta: RequestMeta = { slug, song_title: song.title, song_artist: song.artist };
  const path = submissionPaths.request(musician?.id);
  const outcome = await audienceOutbox().submit('request', path, body, meta);
  if (!outcome.ok) return { kind: 'refused', outcome };
  const answer = outcome.response as CreatedRequest | AlreadyRequested;
  if ('already_requested' in answer) return { kind: 'already' };
  void fetchStatuses([answer.status_token]);
  useAudienceFlowStore.getState().requestFiled({
    id: answer.id,
    songTitle: answer.song_title,
    songArtist: answer.song_artist,
    requesterName: sentAs.name,
  });
  return { kind: 'filed', created: answer };
}
