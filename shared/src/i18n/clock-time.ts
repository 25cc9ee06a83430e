import type { Locale } from './locales.ts';

/** Each language's Intl tag, for dates and times (as the page writes its amounts). */
const INTL_TAGS: Record<Locale, string> = {
  en: 'en-US',
  es: 'es-ES',
  de: 'de-DE',
  fr: 'fr-FR',
  pt: 'pt-BR',
};

/** A moment to be worded as a reader's clock shows it: "9:40 PM", "21:40", "Mon 9:40 PM". */
export interface ClockTime {
  /** ISO 8601. */
  at: string;
  /** The IANA zone of the clock; undefined: the zone of whoever reads it (a browser's own). */
  timeZone?: string;
  /** Say the zone ("9:40 PM UTC"): when it is not the reader's, who would misread it. */
  showZone?: boolean;
}

/** Whether `name` is a time zone Intl knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const dayOf = (date: Date, timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(date);

/**
 * The time alone when it is today on that clock, else with its weekday ("Mon 9:40 PM"): the
 * no-repeats rule holds a song back for at most 72 hours.
 */
export function clockTime(time: ClockTime, locale: Locale, now = new Date()): string {
  const at = new Date(time.at);
  const sameDay = dayOf(at, time.timeZone) === dayOf(now, time.timeZone);
  return new Intl.DateTimeFormat(INTL_TAGS[locale], {
    timeZone: time.timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(sameDay ? {} : { weekday: 'short' }),
    ...(time.showZone ? { timeZoneName: 'short' } : {}),
  }).format(at);
}
