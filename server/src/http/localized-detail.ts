import { createInstance } from 'i18next';
import { audienceMessagesDe } from '#shared/i18n/audience-messages-de.ts';
import { audienceMessagesEs } from '#shared/i18n/audience-messages-es.ts';
import { audienceMessagesFr } from '#shared/i18n/audience-messages-fr.ts';
import { audienceMessagesPt } from '#shared/i18n/audience-messages-pt.ts';
import { audienceMessagesEn } from '#shared/i18n/audience-messages-en.ts';
import {
  AUDIENCE_MESSAGE_KEYS,
  renderDetail,
  type AudienceMessageKey,
  type LocalizableDetail,
  type Translate,
} from '#shared/i18n/audience-messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { messages } from '#shared/messages.ts';
import { HttpError } from './errors.ts';

/**
 * The `detail` of an error in the audience's language (issue 11). Services keep throwing
 * messages.ts's English sentences; the error handler asks this module for the reader's wording
 * of the same sentence, from the catalogs the audience page itself uses (shared/src/i18n/).
 */
const i18n = createInstance();
void i18n.init({
  resources: {
    en: { messages: audienceMessagesEn },
    es: { messages: audienceMessagesEs },
    de: { messages: audienceMessagesDe },
    fr: { messages: audienceMessagesFr },
    pt: { messages: audienceMessagesPt },
  },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['messages'],
  defaultNS: 'messages',
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
});

/**
 * An error whose sentence is built from numbers ("3 songs", "10 minutes"): those words must be
 * built in the reader's language too, so it carries its key and values, not only its English.
 */
export class LocalizableHttpError extends HttpError {
  readonly localizable: LocalizableDetail;

  constructor(error: HttpError, localizable: LocalizableDetail) {
    super(error.statusCode, error.message, error.headers, error.body);
    this.name = 'LocalizableHttpError';
    this.localizable = localizable;
  }
}

/** The same error, able to word itself in the audience's language. */
export function localizable(error: HttpError, detail: LocalizableDetail): HttpError {
  return new LocalizableHttpError(error, detail);
}

/** messages.ts's English sentence -> its key, for the sentences thrown as plain text. */
const KEY_OF_SENTENCE = new Map<string, AudienceMessageKey>(
  AUDIENCE_MESSAGE_KEYS.map((key) => [messages[key], key]),
);

/**
 * Sentences with a placeholder whose value is not a word to translate (a payment app's name):
 * recognised by their shape. (The limit sentences carry their parts instead, see above.)
 */
const VERBATIM_TEMPLATES = (['tipProviderNotSetUp'] as const).map((key) => {
  const [before = '', after = ''] = messages[key].split('{provider}');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { key, pattern: new RegExp(`^${escape(before)}(.+)${escape(after)}$`) };
});

/** `t` of one language, over the audience's sentences. */
function translate(locale: Locale): Translate {
  const fixed = i18n.getFixedT(locale);
  return (key, values = {}) => fixed(key, values);
}

/** A sentence built from its parts in `locale` (in English, the very words the error holds). */
export function wordedIn(locale: Locale, detail: LocalizableDetail): string {
  return renderDetail(translate(locale), detail, locale);
}

/** `detail`, as English as the error said it, worded for a reader of `locale`. */
export function localizedDetail(error: unknown, detail: string, locale: Locale): string {
  if (locale === 'en') return detail;
  if (error instanceof LocalizableHttpError && error.message === detail) {
    return wordedIn(locale, error.localizable);
  }
  const t = translate(locale);
  const key = KEY_OF_SENTENCE.get(detail);
  if (key) return t(key);
  for (const { key: templateKey, pattern } of VERBATIM_TEMPLATES) {
    const provider = pattern.exec(detail)?.[1];
    if (provider !== undefined) return t(templateKey, { provider });
  }
  // A sentence the catalogs do not hold (a field's length limit, say) stays English.
  return detail;
}
