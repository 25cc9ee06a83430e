import { messages } from '#shared/messages.ts';
import type { FeedRequest, FeedShow } from '#shared/schemas/feed.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { Show } from '#shared/schemas/show.ts';

/** The fields of a request a feed may show, from a SongRequest or a row of the feed's queue. */
export type FeedRequestSource = Pick<
  SongRequest,
  | 'id'
  | 'song_title'
  | 'song_artist'
  | 'requester_name'
  | 'dedication'
  | 'status'
  | 'votes'
  | 'created_at'
> & { queue_position?: number | null };

// Something@something: an address typed where a name or a dedication was asked for. A public
// screen must never show one, whatever field it arrived in.
const EMAIL_LIKE = /[^\s@]+@[^\s@]+/g;

export function withoutEmailAddresses(text: string): string {
  return text.replace(EMAIL_LIKE, messages.feedEmailHidden);
}

/** "Mary Jane Smith" -> "Mary"; a name that is an email address shows as nothing. */
export function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first.includes('@') ? '' : first;
}

/** Built field by field, so nothing else the source carries (an email, a tip) can ride along. */
export function toFeedRequest(source: FeedRequestSource): FeedRequest {
  return {
    id: source.id,
    song: withoutEmailAddresses(source.song_title),
    artist: withoutEmailAddresses(source.song_artist),
    requester: firstName(source.requester_name),
    dedication: withoutEmailAddresses(source.dedication),
    status: source.status,
    votes: source.votes ?? 1,
    queue_position: source.queue_position ?? null,
    created_at: source.created_at,
  };
}

export function toFeedShow(show: Show | null): FeedShow | null {
  return show && { id: show.id, name: show.name, venue_name: show.venue_name };
}
