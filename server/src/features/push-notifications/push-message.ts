import { AUDIENCE_PAGE, pageAddress } from '#shared/app-pages.ts';
import type { AudienceMessageKey, LocalizableDetail } from '#shared/i18n/audience-messages.ts';
import { isLocale, type Locale } from '#shared/i18n/locales.ts';
import type { PushMessage } from '#shared/schemas/push-notifications.ts';
import { wordedIn } from '#server/http/localized-detail.ts';

/** What changed, as the phone is told of it. */
export type PushMoment = 'up_next' | 'played' | 'rejected';

export interface PushMessageInput {
  moment: PushMoment;
  /** The subscription's language (stored as text: anything unknown reads as English). */
  locale: string;
  requestId: string;
  slug: string;
  songTitle: string;
  songArtist: string;
  /** The dedication of the subscriber's own submission ('' for none): never another person's. */
  dedication: string;
  playedAt: Date | null;
  /** The phone's IANA zone; null: UTC, saying so. */
  timeZone: string | null;
  /**
   * Songs to ask for instead, once rejected. The alternatives of issue 47 (item 3) hand their
   * titles in here (push-notifications-service.ts, `alternatives`); none: the plain sentence.
   */
  alternatives?: readonly string[];
}

/** A song's title or a dedication, cut where a notification would cut it anyway. */
function shortened(text: string, max: number): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

/**
 * "For Sarah" is written as often as "Sarah": the sentence already says "for", in every
 * language of the page, so a leading for/für/para/pour/pra is not said twice.
 */
function dedicatee(dedication: string): string {
  return shortened(dedication.replace(/^\s*(for|für|fur|para|pour|pra)\s+/i, ''), 40);
}

const words = (
  locale: Locale,
  key: AudienceMessageKey,
  values: LocalizableDetail['values'] = {},
): string => wordedIn(locale, { key, values });

/**
 * The push's JSON: a title and a line in the requester's language, the audience page that shows
 * their requests (a path of this site: the service worker opens it on a tap), and a tag per
 * request so that "Played" replaces "Up Next" rather than stacking under it. It carries the song,
 * and at most the subscriber's own dedication: no name, no email, nobody else's words.
 */
export function pushMessage(input: PushMessageInput): PushMessage {
  const locale: Locale = isLocale(input.locale) ? input.locale : 'en';
  const song = shortened(input.songTitle, 80);
  const artist = shortened(input.songArtist, 80);
  const url = pageAddress(AUDIENCE_PAGE, encodeURIComponent(input.slug));
  const tag = `request-${input.requestId}`;
  if (input.moment === 'up_next') {
    return {
      title: words(locale, 'pushUpNextTitle', { song }),
      body: words(locale, 'pushUpNextBody', { song, artist }),
      url,
      tag,
    };
  }
  if (input.moment === 'played') {
    const at = (input.playedAt ?? new Date()).toISOString();
    const time = input.timeZone
      ? { at, timeZone: input.timeZone }
      : { at, timeZone: 'UTC', showZone: true };
    const dedication = dedicatee(input.dedication);
    return {
      title: dedication
        ? words(locale, 'pushPlayedForTitle', { time, dedication })
        : words(locale, 'pushPlayedTitle', { time, song }),
      body: words(locale, 'pushPlayedBody', { song, artist }),
      url,
      tag,
    };
  }
  const alternatives = (input.alternatives ?? []).slice(0, 3).map((title) => shortened(title, 60));
  return {
    title: words(locale, 'pushRejectedTitle', { song }),
    body:
      alternatives.length > 0
        ? words(locale, 'pushRejectedAlternativesBody', { songs: alternatives.join(', ') })
        : words(locale, 'pushRejectedBody'),
    url,
    tag,
  };
}
