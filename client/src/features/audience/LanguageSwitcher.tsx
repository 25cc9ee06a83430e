import { useId } from 'react';
import { LOCALE_NAMES, LOCALES, isLocale } from '#shared/i18n/locales.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/**
 * The page's language, each named in itself (a person who reads no English still finds theirs):
 * a small globe-and-code chip on a phone, the select with the language's name on wider screens.
 */
export function LanguageSwitcher() {
  const { t } = useAudienceTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const id = useId();

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <span className="language-select">
        <svg className="language-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        {/* On a phone the chip shows the code; the select, laid over it, opens the full names. */}
        <span className="language-code" aria-hidden="true">
          {locale.toUpperCase()}
        </span>
        <select
          id={id}
          value={locale}
          onChange={(event) => {
            const chosen = event.target.value;
            if (isLocale(chosen)) void useLocaleStore.getState().choose(chosen);
          }}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
