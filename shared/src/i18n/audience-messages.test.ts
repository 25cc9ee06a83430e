import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { audienceMessagesDe } from './audience-messages-de.ts';
import { audienceMessagesEs } from './audience-messages-es.ts';
import { audienceMessagesFr } from './audience-messages-fr.ts';
import { audienceMessagesPt } from './audience-messages-pt.ts';
import { audienceMessagesEn } from './audience-messages-en.ts';
import {
  AUDIENCE_MESSAGE_KEYS,
  renderDetail,
  waitPhraseOf,
  windowPhraseOf,
  type Translate,
} from './audience-messages.ts';
import type { Locale } from './locales.ts';
import { catalogProblems } from './catalog-checks.ts';

const translations: Record<Exclude<Locale, 'en'>, Record<string, string>> = {
  es: audienceMessagesEs,
  de: audienceMessagesDe,
  fr: audienceMessagesFr,
  pt: audienceMessagesPt,
};

/** A stand-in for i18next's `t` over one catalog: plural forms by Intl.PluralRules. */
function translator(locale: Locale, catalog: Record<string, string>): Translate {
  const plurals = new Intl.PluralRules(locale);
  return (key, values = {}) => {
    const count = values.count;
    const text =
      (typeof count === 'number' ? catalog[`${key}_${plurals.select(count)}`] : undefined) ??
      catalog[key];
    if (text === undefined) throw new Error(`${locale} has no ${key}`);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  };
}

describe('the audience messages in English', () => {
  it('are messages.ts, word for word', () => {
    for (const key of AUDIENCE_MESSAGE_KEYS) {
      expect(audienceMessagesEn[key], key).toBe(messages[key]);
    }
    // Nothing else but the limit phrases.
    const others = Object.keys(audienceMessagesEn).filter(
      (key) => !(AUDIENCE_MESSAGE_KEYS as readonly string[]).includes(key),
    );
    expect(others.every((key) => /^(limit|window|wait)\w+_(one|other)$/.test(key))).toBe(true);
  });

  it('are each a different sentence, so a detail leads back to one key', () => {
    const sentences = AUDIENCE_MESSAGE_KEYS.map((key) => messages[key]);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('word the limit phrases as the server always has', () => {
    const t = translator('en', audienceMessagesEn);
    const phrase = (parts: ReturnType<typeof windowPhraseOf>) =>
      t(parts.phrase, { count: parts.count });
    expect(phrase(windowPhraseOf(1))).toBe('minute');
    expect(phrase(windowPhraseOf(10))).toBe('10 minutes');
    expect(phrase(windowPhraseOf(60))).toBe('hour');
    expect(phrase(windowPhraseOf(120))).toBe('2 hours');
    expect(phrase(waitPhraseOf(1))).toBe('1 minute');
    expect(phrase(waitPhraseOf(360))).toBe('6 minutes');
    expect(phrase(waitPhraseOf(3600))).toBe('60 minutes');
    expect(phrase(waitPhraseOf(7200))).toBe('2 hours');
  });
});

describe('each translation', () => {
  for (const [locale, catalog] of Object.entries(translations)) {
    it(`${locale} holds every sentence with the same placeholders, in its plural forms`, () => {
      expect(catalogProblems(audienceMessagesEn, catalog, locale)).toEqual([]);
    });

    it(`${locale} is a translation, not a copy of the English`, () => {
      const same = AUDIENCE_MESSAGE_KEYS.filter((key) => catalog[key] === messages[key]);
      expect(same).toEqual([]);
    });
  }

  it('words a limit sentence in its own grammar', () => {
    const detail = {
      key: 'requestLimitPerRequester',
      values: {
        count: { phrase: 'limitSongs', count: 3 },
        window: windowPhraseOf(10),
        wait: waitPhraseOf(360),
      },
    } as const;
    const worded = (locale: Locale, catalog: Record<string, string>) =>
      renderDetail(translator(locale, catalog), detail);
    expect(worded('en', audienceMessagesEn)).toBe(
      'You have requested 3 songs in the last 10 minutes. Try again in 6 minutes.',
    );
    expect(worded('es', audienceMessagesEs)).toBe(
      'Has pedido 3 canciones en los últimos 10 minutos. Vuelve a intentarlo en 6 minutos.',
    );
    expect(worded('de', audienceMessagesDe)).toBe(
      'Du hast in den letzten 10 Minuten 3 Songs gewünscht. Versuche es in 6 Minuten wieder.',
    );
    expect(worded('fr', audienceMessagesFr)).toBe(
      'Vous avez demandé 3 chansons au cours des 10 dernières minutes. Réessayez dans 6 minutes.',
    );
    expect(worded('pt', audienceMessagesPt)).toBe(
      'Você pediu 3 músicas nos últimos 10 minutos. Tente novamente em 6 minutos.',
    );
  });

  it('has the limit phrases of English in every plural form of its language', () => {
    const bases = new Set(
      Object.keys(audienceMessagesEn)
        .filter((key) => key.includes('_'))
        .map((key) => key.split('_')[0]),
    );
    for (const [locale, catalog] of Object.entries(translations)) {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const base of bases) {
        for (const category of categories) expect(catalog).toHaveProperty(`${base}_${category}`);
      }
    }
  });
});
