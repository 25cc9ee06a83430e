import { waitPhraseOf } from '#shared/i18n/audience-messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import { formatClock } from './i18n/locale-format.ts';

type Window = Pick<PublicMusician, 'requests_enabled' | 'requests_open_at' | 'requests_close_at'>;

/** Looks a key up in the page's language (the page's `t`, or English in tests). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The request window's line on the audience page (issue 22): "Requests open at 9:00 PM" before
 * the opening, "Requests close in 12 minutes" while open with a close ahead, else nothing. The
 * switch itself comes from the server at the time (page:changed); this only counts down.
 */
export function requestWindowNotice(
  musician: Window,
  now: number,
  t: Translate,
  locale: Locale,
): string | null {
  const opensAt = musician.requests_open_at ? Date.parse(musician.requests_open_at) : NaN;
  if (opensAt > now) {
    return t('messages:requestsOpenAt', { time: formatClock(new Date(opensAt), locale) });
  }
  const closesAt = musician.requests_close_at ? Date.parse(musician.requests_close_at) : NaN;
  if (musician.requests_enabled && closesAt > now) {
    const { phrase, count } = waitPhraseOf((closesAt - now) / 1000);
    return t('messages:requestsCloseIn', { wait: t(`messages:${phrase}`, { count }) });
  }
  return null;
}
