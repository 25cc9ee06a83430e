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

const clockFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A time of day on the phone's clock, as the language writes it ("9:00 PM", "21:00"). */
export function formatClock(time: Date, locale: Locale): string {
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], { hour: 'numeric', minute: '2-digit' });
    clockFormats.set(locale, format);
  }
  return format.format(time);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day as the language writes it ("Saturday, November 28"). A YYYY-MM-DD day is the musician's
 * calendar day, read as such; a time is the day it falls on, on the phone's clock.
 */
export function formatDay(day: string, locale: Locale): string {
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const key = `${locale}:${calendarDay}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      ...(calendarDay ? { timeZone: 'UTC' } : {}),
    });
    dayFormats.set(key, format);
  }
  return format.format(new Date(calendarDay ? `${day}T00:00:00Z` : day));
}
