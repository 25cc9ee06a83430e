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

// Format characters (zero-width space and joiners, soft hyphen, direction marks: Unicode's Cf)
// are invisible: "Anna\u200bSurname" reads as one word but is two. Each run of them cuts like a
// space, so none reaches a screen and none can glue a surname onto a first name.
const FORMAT_CHARACTERS = /\p{Cf}+/gu;
// Letters, with their marks ("Zoë" written as e + U+0308, Devanagari vowel signs): a name's
// letters. Anything else (a space, "_", "-", ".", an apostrophe, a digit, an emoji) ends the name.
const LETTERS = /[\p{L}\p{M}]+/u;

/**
 * "Mary Jane Smith" -> "Mary", "Carl_Smith" -> "Carl"; an email address in it is never part of
 * one, so a name that is only an address shows as nothing. The first name is the first run of letters: a hyphen cuts too, so "Anne-Marie" shows
 * as "Anne". That is a choice: a hyphenated first name cannot be told from "Dee-Surname" (a name
 * and its surname), and showing part of a first name costs less than showing a surname on a
 * venue's screen.
 */
export function firstName(name: string): string {
  const visible = name.replace(FORMAT_CHARACTERS, ' ').replace(EMAIL_LIKE, ' ');
  return LETTERS.exec(visible)?.[0] ?? '';
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
