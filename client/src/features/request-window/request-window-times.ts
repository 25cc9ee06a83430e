import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';

const MINUTE_MS = 60_000;
const HALF_DAY_MS = 12 * 60 * MINUTE_MS;

/** "1 minute", "12 minutes", "2 hours": rounded up to whole minutes, as the server words it. */
export function waitWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return plural(minutes, 'minute', 'minutes');
}

/**
 * The moment a typed clock time ("21:00") names on this device's clock: the one within 12 hours
 * either side of now, so "01:00" typed at 22:00 is tonight's 1 AM, and "21:00" typed at 20:00 is
 * in an hour. Undefined for a value that is not HH:MM.
 */
export function clockTimeNear(hhmm: string, now: number): Date | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return undefined;
  const time = new Date(now);
  time.setHours(Number(match[1]), Number(match[2]), 0, 0);
  if (time.getTime() - now >= HALF_DAY_MS) time.setDate(time.getDate() - 1);
  else if (now - time.getTime() > HALF_DAY_MS) time.setDate(time.getDate() + 1);
  return time;
}

/** "21:05" for a time input showing a stored time on this device's clock. */
export function clockValue(iso: string | null): string {
  if (!iso) return '';
  const time = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(time.getHours())}:${two(time.getMinutes())}`;
}

/** "+10 min": ten minutes after the close, or after now when it has passed or is unset. */
export function extendedClose(closeAt: string | null, now: number): string {
  const from = closeAt ? Math.max(Date.parse(closeAt), now) : now;
  return new Date(from + 10 * MINUTE_MS).toISOString();
}

type Window = Pick<Musician, 'requests_enabled' | 'requests_open_at' | 'requests_close_at'>;

/** The stage's countdown: "Opens in 20 minutes", "Closes in 12 minutes", or nothing. */
export function stageCountdown(musician: Window, now: number): string | null {
  const opensAt = musician.requests_open_at ? Date.parse(musician.requests_open_at) : NaN;
  if (opensAt > now) return fill(messages.requestWindowOpensIn, { wait: waitWords(opensAt - now) });
  const closesAt = musician.requests_close_at ? Date.parse(musician.requests_close_at) : NaN;
  if (musician.requests_enabled && closesAt > now) {
    return fill(messages.requestWindowClosesIn, { wait: waitWords(closesAt - now) });
  }
  return null;
}
