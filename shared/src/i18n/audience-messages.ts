import { audienceSentencesEn } from './audience-sentences-en.ts';
import { clockTime, type ClockTime } from './clock-time.ts';
import type { Locale } from './locales.ts';

/**
 * The sentences of messages.ts an audience member can meet: the page's own (shown by the client)
 * and the `detail` of every error the public audience routes answer, written in English once in
 * audience-sentences-en.ts. Each language's catalog (audience-messages-<locale>.ts) translates
 * exactly these.
 */
export type AudienceMessageKey = keyof typeof audienceSentencesEn;

export const AUDIENCE_MESSAGE_KEYS = Object.keys(audienceSentencesEn) as AudienceMessageKey[];

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
