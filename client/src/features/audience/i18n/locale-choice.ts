import { isLocale, pickLocale, type Locale } from '#shared/i18n/locales.ts';

/** Where the switcher keeps the language a person chose, for every musician's page. */
export const LOCALE_STORAGE_KEY = 'song-requests:language';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The language chosen with the switcher on an earlier visit, if any. */
export function savedLocale(storage: KeyValueStorage): Locale | null {
  try {
    const saved = storage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(saved) ? saved : null;
  } catch {
    return null; // storage refused (private mode): the browser's languages decide
  }
}

export function saveLocale(storage: KeyValueStorage, locale: Locale): void {
  try {
    storage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Refused storage: the choice lasts as long as the page.
  }
}

/**
 * The page's language: the switcher's saved choice, else the first of the browser's languages
 * (navigator.languages, which Accept-Language follows) the page speaks, else English.
 */
export function chooseLocale(saved: Locale | null, browserLanguages: readonly string[]): Locale {
  return saved ?? pickLocale(browserLanguages);
}

/** The browser's languages, most wanted first (some browsers only give navigator.language). */
export function browserLanguages(nav: Pick<Navigator, 'languages' | 'language'>): string[] {
  if (nav.languages && nav.languages.length > 0) return [...nav.languages];
  return nav.language ? [nav.language] : [];
}
