import type { Locale } from '#shared/i18n/locales.ts';

/**
 * Numbers as each language writes them (Intl). Tips are US dollars in every language: only
 * how the amount is written changes ("$5", "5 US$", "5 $", "5 $US", "US$ 5").
 */
const INTL_LOCALES: Record<Locale, string> = {
  en: 'en-US',
  es: 'es-ES',
  de: 'de-DE',
  fr: 'fr-FR',
  pt: 'pt-BR',
};

const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: Locale, cents: boolean): Intl.NumberFormat {
  const key = `${locale}:${cents}`;
  let format = formats.get(key);
  if (!format) {
    const digits = cents ? 2 : 0;
    format = new Intl.NumberFormat(INTL_LOCALES[locale], {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}

/** A tip amount: whole dollars without cents ("$5"), else with them ("$2.50"). */
export function formatMoney(amount: number, locale: Locale): string {
  return moneyFormat(locale, !Number.isInteger(amount)).format(amount);
}
