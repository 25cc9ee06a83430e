import { fill, plural } from '#shared/fill-message.ts';
import {
  waitPhraseOf,
  windowPhraseOf,
  type AudienceMessageKey,
  type LimitPhrase,
} from '#shared/i18n/audience-messages.ts';
import { messages } from '#shared/messages.ts';
import { tooManyRequests, type HttpError } from '#server/http/errors.ts';
import { localizable } from '#server/http/localized-detail.ts';

/** "minute", "10 minutes", "hour", "2 hours": the window in "in the last ...". */
export function windowPhrase(minutes: number): string {
  if (minutes === 1) return 'minute';
  if (minutes === 60) return 'hour';
  if (minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/** "1 minute", "6 minutes", "2 hours": how long to wait, rounded up to whole minutes. */
export function waitPhrase(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return plural(minutes, 'minute', 'minutes');
}

/**
 * What the seconds until one more is allowed (windowWaitSql, null while under the limit) mean
 * for the person: at the limit, `max` in the window, and when to try again.
 */
export function limitReached(
  secondsUntilFree: number | null,
  max: number,
): { count: number; retryAfterSeconds: number } | null {
  if (secondsUntilFree === null) return null;
  return { count: max, retryAfterSeconds: Math.max(1, Math.ceil(secondsUntilFree)) };
}

type Kind = 'request' | 'suggestion' | 'tip' | 'contact';

const SENTENCES: Record<Kind, { template: string; one: string; many: string }> = {
  request: { template: messages.requestLimitPerRequester, one: 'song', many: 'songs' },
  suggestion: { template: messages.suggestionLimitPerRequester, one: 'song', many: 'songs' },
  tip: { template: messages.tipLimitPerRequester, one: 'tip', many: 'tips' },
  contact: { template: messages.contactLimitPerEmail, one: 'message', many: 'messages' },
};

/** The audience's sentences by key and counted noun, to be worded in the reader's language. */
const AUDIENCE_SENTENCES: Partial<
  Record<Kind, { key: AudienceMessageKey; phrase: LimitPhrase['phrase'] }>
> = {
  request: { key: 'requestLimitPerRequester', phrase: 'limitSongs' },
  suggestion: { key: 'suggestionLimitPerRequester', phrase: 'limitSongs' },
  tip: { key: 'tipLimitPerRequester', phrase: 'limitTips' },
};

/**
 * 429 with the sentence a person understands ("You have requested 3 songs in the last 10
 * minutes. Try again in 6 minutes.") and Retry-After in seconds.
 */
export function limitError(
  kind: Kind,
  reached: { count: number; retryAfterSeconds: number },
  windowMinutes: number,
): HttpError {
  const { template, one, many } = SENTENCES[kind];
  const detail = fill(template, {
    count: plural(reached.count, one, many),
    window: windowPhrase(windowMinutes),
    wait: waitPhrase(reached.retryAfterSeconds),
  });
  const error = tooManyRequests(detail, reached.retryAfterSeconds);
  const audience = AUDIENCE_SENTENCES[kind];
  if (!audience) return error;
  return localizable(error, {
    key: audience.key,
    values: {
      count: { phrase: audience.phrase, count: reached.count },
      window: windowPhraseOf(windowMinutes),
      wait: waitPhraseOf(reached.retryAfterSeconds),
    },
  });
}

/** The flood guard: too many submissions to one musician within the last minute. */
export function floodError(retryAfterSeconds: number): HttpError {
  const detail = fill(messages.musicianFlooded, { wait: waitPhrase(retryAfterSeconds) });
  return localizable(tooManyRequests(detail, retryAfterSeconds), {
    key: 'musicianFlooded',
    values: { wait: waitPhraseOf(retryAfterSeconds) },
  });
}
