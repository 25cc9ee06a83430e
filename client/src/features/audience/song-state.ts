import { clockTime } from '#shared/i18n/clock-time.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import type { PublicSong } from '#shared/schemas/song.ts';

/**
 * What a song card offers under the musician's no-repeats rule: its Request button, "Coming up"
 * for a song Up Next, or when it was played ("Played at 9:40 PM", on this phone's clock: the
 * phone is in the room) for a song the rule holds back.
 */
export type SongCardState =
  { kind: 'request' } | { kind: 'coming_up' } | { kind: 'played'; time: string };

export function songCardState(song: PublicSong, locale: Locale, now = new Date()): SongCardState {
  if (song.coming_up) return { kind: 'coming_up' };
  if (song.played_at)
    return { kind: 'played', time: clockTime({ at: song.played_at }, locale, now) };
  return { kind: 'request' };
}
