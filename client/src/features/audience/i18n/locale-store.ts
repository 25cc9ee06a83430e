import { createPageStore } from '#client/lib/store-reset.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';
import { applyLocale } from './audience-i18n.ts';
import { browserLanguages, chooseLocale, saveLocale, savedLocale } from './locale-choice.ts';

interface LocaleState {
  /** The language the page shows. */
  locale: Locale;
  /** False until the first language's words are here: the page waits rather than flash English. */
  ready: boolean;
  /** Picks the first language (saved choice, browser, English) and fetches its words. */
  start(): void;
  /** The switcher: this language from now on, and on the next visit. */
  choose(locale: Locale): Promise<void>;
}

let started = false;
/** Only the newest change applies, whichever catalog arrives first. */
let latest = 0;

async function switchTo(locale: Locale): Promise<boolean> {
  const mine = ++latest;
  try {
    await applyLocale(locale);
    return mine === latest;
  } catch (error) {
    // The catalog did not arrive (venue wifi): the page stays in the language it has.
    console.warn(`the ${locale} words could not be loaded`, error);
    return false;
  }
}

/** The language to start in, read once: English needs no catalog, so its page waits for nothing. */
const firstLocale = (): Locale =>
  typeof localStorage === 'undefined'
    ? DEFAULT_LOCALE
    : chooseLocale(savedLocale(localStorage), browserLanguages(navigator));

export const useLocaleStore = createPageStore<LocaleState>((set, get) => ({
  locale: DEFAULT_LOCALE,
  ready: firstLocale() === DEFAULT_LOCALE,

  start() {
    if (started || get().ready) return;
    started = true;
    const locale = firstLocale();
    void switchTo(locale).then((applied) =>
      set(applied ? { locale, ready: true } : { ready: true }),
    );
  },

  async choose(locale) {
    saveLocale(localStorage, locale);
    if (await switchTo(locale)) set({ locale, ready: true });
  },
}));
