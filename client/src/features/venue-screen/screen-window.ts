import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';

type Window = Pick<PublicMusician, 'requests_enabled' | 'requests_open_at' | 'requests_close_at'>;

/** "12 min", "1 h 05 min", "1 min": a countdown read from across the room. */
export function shortWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/**
 * The request window as the venue screen says it: closed, opening at a time, closing in a
 * while, or null when requests are simply open. The switch itself comes from the server at the
 * time (page:changed); this only counts down.
 */
export function screenWindowLine(
  musician: Window,
  now: number,
  clock: (at: Date) => string = (at) =>
    at.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }),
): { text: string; open: boolean } | null {
  const opensAt = musician.requests_open_at ? Date.parse(musician.requests_open_at) : NaN;
  if (opensAt > now) {
    return {
      text: fill(messages.requestsOpenAt, { time: clock(new Date(opensAt)) }),
      open: false,
    };
  }
  if (!musician.requests_enabled) return { text: messages.screenRequestsClosed, open: false };
  const closesAt = musician.requests_close_at ? Date.parse(musician.requests_close_at) : NaN;
  if (closesAt > now) {
    return {
      text: fill(messages.requestsCloseIn, { wait: shortWait(closesAt - now) }),
      open: true,
    };
  }
  return null;
}
