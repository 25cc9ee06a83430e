import type { messages } from '../messages.ts';
import { clockTime, type ClockTime } from './clock-time.ts';
import type { Locale } from './locales.ts';

/**
 * The sentences of messages.ts an audience member can meet: the page's own (shown by the client)
 * and the `detail` of every error the public audience routes answer. Each language's catalog
 * (audience-messages-<locale>.ts) translates exactly these; English stays messages.ts, word for
 * word (audience-messages-en.ts). A sentence of the audience routes missing here reaches the page
 * in English.
 */
export const AUDIENCE_MESSAGE_KEYS = [
  // The page's own words
  'pageLoadFailed',
  'musicianNotFound',
  'musicianNotFoundDescription',
  'showRecapNotFound',
  'pagePaused',
  'requestsOffTitle',
  'requestsCloseIn',
  'requestsOpenAt',
  'noSongsYet',
  'noSongsMatch',
  'requestSent',
  'copiedToClipboard',
  'copyFailed',
  'zelleInstructions',
  // The forms, checked on the phone and again by the server
  'requestNameEmailRequired',
  'emailInvalid',
  'suggestionFieldsRequired',
  'tipAmountInvalid',
  'tipAmountTooHigh',
  'tipPlatformInvalid',
  'textHasNulCharacter',
  // What the server answers a submission
  'requestsDisabled',
  'requestsOpenIn',
  'requestsClosedAgo',
  'requestSongUnavailable',
  'requestSongNotInSet',
  'requestSongPlayed',
  'requestLimitReached',
  'requestSubmitFailed',
  'requestAlreadyAsked',
  'suggestionsDisabled',
  'suggestionAlreadyListed',
  'suggestionSubmitFailed',
  'suggestionThanks',
  'tipProviderNotSetUp',
  'tipNoPaymentMethods',
  'tipFailed',
  'tooManyRequests',
  'requestLimitPerRequester',
  'suggestionLimitPerRequester',
  'tipLimitPerRequester',
  'musicianFlooded',
  'idempotencyKeyInvalid',
  'idempotencyKeyReused',
  'internalError',
] as const satisfies readonly (keyof typeof messages)[];

export type AudienceMessageKey = (typeof AUDIENCE_MESSAGE_KEYS)[number];

/** A phrase of the limit sentences: its key (without plural suffix) and its number. */
export interface LimitPhrase {
  phrase:
    'limitSongs' | 'limitTips' | 'windowMinutes' | 'windowHours' | 'waitMinutes' | 'waitHours';
  count: number;
}

/**
 * What every language's catalog holds: every sentence, and each limit phrase ("3 songs", "the
 * last 10 minutes") in the plural forms of that language (checked by audience-messages.test.ts).
 */
export type AudienceMessagesCatalog = Record<AudienceMessageKey, string> &
  Partial<Record<`${LimitPhrase['phrase']}_${Intl.LDMLPluralRule}`, string>>;

/** The window of a limit ("the last 10 minutes"), as submission-limit.ts words it. */
export function windowPhraseOf(minutes: number): LimitPhrase {
  if (minutes % 60 === 0) return { phrase: 'windowHours', count: minutes / 60 };
  return { phrase: 'windowMinutes', count: minutes };
}

/** How long to wait, rounded up to whole minutes ("6 minutes", "2 hours"). */
export function waitPhraseOf(seconds: number): LimitPhrase {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes >= 120 && minutes % 60 === 0) return { phrase: 'waitHours', count: minutes / 60 };
  return { phrase: 'waitMinutes', count: minutes };
}

/** A sentence to be worded in the reader's language: its key and what fills its placeholders. */
export interface LocalizableDetail {
  key: AudienceMessageKey;
  values: Record<string, string | number | LimitPhrase | ClockTime>;
}

/** Looks a key up in one language, filling its {placeholders} (i18next's `t`, or a stand-in). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The sentence in the language `t` speaks (`locale`), each limit phrase and each time worded in
 * it first.
 */
export function renderDetail(
  t: Translate,
  detail: LocalizableDetail,
  locale: Locale = 'en',
): string {
  const word = (value: LocalizableDetail['values'][string]) => {
    if (typeof value !== 'object') return value;
    if ('at' in value) return clockTime(value, locale);
    return t(value.phrase, { count: value.count });
  };
  const values = Object.fromEntries(
    Object.entries(detail.values).map(([name, value]) => [name, word(value)]),
  );
  return t(detail.key, values);
}
