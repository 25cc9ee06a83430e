import { createInstance } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { audienceMessagesEn } from '#shared/i18n/audience-messages-en.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { catalogEn } from './catalog-en.ts';

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

export const audienceI18n = createInstance();

void audienceI18n.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: ['audience', 'messages'],
  defaultNS: 'audience',
  // English is in the bundle; the others arrive with loadLocale.
  resources: { en: { audience: catalogEn, messages: audienceMessagesEn } },
  initAsync: false,
  keySeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
});

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

/** Fetches a language's catalog once (English is always there). Rejects when it cannot arrive. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || audienceI18n.hasResourceBundle(locale, 'audience')) return;
  const { ui, messages } = await catalogs[locale]();
  audienceI18n.addResourceBundle(locale, 'audience', ui);
  audienceI18n.addResourceBundle(locale, 'messages', messages);
}

/** The page in `locale` from now on (its catalog fetched first). */
export async function applyLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await audienceI18n.changeLanguage(locale);
}

/** The language the page speaks now. */
export function currentLocale(): Locale {
  const language = audienceI18n.language;
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;
}

/** A sentence of messages.ts in the page's language, for code outside components. */
export const audienceT = audienceI18n.t.bind(audienceI18n);

const NAMESPACES = ['audience', 'messages'] as const;

function onLanguageChange(notify: () => void): () => void {
  audienceI18n.on('languageChanged', notify);
  return () => audienceI18n.off('languageChanged', notify);
}

/**
 * `t` for the page's components: its own words by key, messages.ts's as 'messages:<key>'; a
 * component re-renders when the language changes. (The few lines react-i18next's
 * useTranslation would do here: its 2 KB would put the page over its 100 KB script budget.)
 */
export function useAudienceTranslation() {
  const language = useSyncExternalStore(onLanguageChange, () => audienceI18n.language);
  const t = useMemo(() => audienceI18n.getFixedT(language, NAMESPACES), [language]);
  return { t };
}
