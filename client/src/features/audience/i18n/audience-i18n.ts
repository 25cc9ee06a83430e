import type { i18n as I18n, TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { audienceMessagesEn } from '#shared/i18n/audience-messages-en.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { catalogEn } from './catalog-en.ts';
import { englishT } from './english-t.ts';

/**
 * The audience page's i18next instance. Two namespaces: `audience`, the page's own words
 * (catalog-<locale>.ts), and `messages`, the sentences of shared/src/messages.ts it shows (the
 * server answers the same ones in the same language, shared/src/i18n/). Placeholders are
 * messages.ts's {name}, not i18next's default {{name}}, so one catalog serves both sides.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'audience';
    resources: { audience: typeof catalogEn; messages: typeof audienceMessagesEn };
    keySeparator: false;
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

type AudienceT = TFunction<['audience', 'messages']>;

/** English, bundled, without i18next (english-t.ts). */
const tEnglish = englishT({
  audience: catalogEn,
  messages: audienceMessagesEn,
}) as unknown as AudienceT;

let i18next: Promise<I18n> | undefined;

/**
 * The page's i18next instance, made on first use: only a phone reading another language than
 * English downloads i18next. Two namespaces: `audience`, the page's own words
 * (catalog-<locale>.ts), and `messages`, the sentences of shared/src/messages.ts it shows (the
 * server answers the same ones in the same language, shared/src/i18n/). Placeholders are
 * messages.ts's {name}, not i18next's default {{name}}, so one catalog serves both sides.
 */
export function audienceI18next(): Promise<I18n> {
  i18next ??= import('i18next').then(async ({ createInstance }) => {
    const instance = createInstance();
    await instance.init({
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: ['audience', 'messages'],
      defaultNS: 'audience',
      resources: { en: { audience: catalogEn, messages: audienceMessagesEn } },
      initAsync: false,
      keySeparator: false,
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    });
    return instance;
  });
  return i18next;
}

interface LocaleCatalog {
  ui: Record<string, string>;
  messages: Record<string, string>;
}

/** One chunk per language, fetched only by a phone that reads it. */
const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<LocaleCatalog>> = {
  es: () => import('./catalog-es.ts'),
  de: () => import('./catalog-de.ts'),
  fr: () => import('./catalog-fr.ts'),
  pt: () => import('./catalog-pt.ts'),
};

/** The page's language now, and its `t`. */
let current: { locale: Locale; t: AudienceT } = { locale: DEFAULT_LOCALE, t: tEnglish };
const listeners = new Set<() => void>();

/** The page in `locale` from now on (i18next and the catalog fetched first). Rejects when they cannot arrive. */
export async function applyLocale(locale: Locale): Promise<void> {
  let t = tEnglish;
  if (locale !== 'en') {
    const instance = await audienceI18next();
    if (!instance.hasResourceBundle(locale, 'audience')) {
      const { ui, messages } = await catalogs[locale]();
      instance.addResourceBundle(locale, 'audience', ui);
      instance.addResourceBundle(locale, 'messages', messages);
    }
    t = instance.getFixedT(locale, NAMESPACES) as AudienceT;
  }
  current = { locale, t };
  for (const notify of listeners) notify();
}

/** The language the page speaks now. */
export function currentLocale(): Locale {
  return current.locale;
}

/** A sentence in the page's language, for code outside components. */
export const audienceT = ((...args: unknown[]) =>
  (current.t as unknown as (...a: unknown[]) => string)(...args)) as unknown as AudienceT;

const NAMESPACES = ['audience', 'messages'] as const;

function onLanguageChange(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/**
 * `t` for the page's components: its own words by key, messages.ts's as 'messages:<key>'; a
 * component re-renders when the language changes. (The few lines react-i18next's
 * useTranslation would do here: its 2 KB would put the page over its 100 KB script budget.)
 */
export function useAudienceTranslation() {
  // The third snapshot lets a test render a card to markup (renderToStaticMarkup).
  const { t } = useSyncExternalStore(
    onLanguageChange,
    () => current,
    () => current,
  );
  return { t };
}
