import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { pacedSeconds, paceOf, TONIGHT_HOURS, type PlayMark } from '#shared/wait-estimate.ts';

// The stage's reading of the queue by the clock: how long it takes, and which requests start
// after the last call. The lengths and tonight's pace are the rule of eta_minutes
// (shared/src/wait-estimate.ts): a request starts once the songs before it (Up Next first,
// then the waiting ones) have taken their length at tonight's pace. The last call is the
// musician's requests_close_at, an instant (ISO 8601) the device made of the clock time typed
// on it: compared as instants, it means the same on every device whatever its time zone.

export interface QueueTimeline {
  /** Seconds Up Next and the waiting requests take at tonight's pace. */
  totalSeconds: number;
  /** How many requests that is. */
  songs: number;
  /** The requests that start after the last call (none without one ahead). */
  lateIds: ReadonlySet<string>;
  /** The first of them in the waiting column, where the last call's line goes. */
  firstLateWaitingId: string | undefined;
}

interface TimelineInput {
  upNext: readonly SongRequest[];
  waiting: readonly SongRequest[];
  /** Requests the device holds: those played tonight pace the queue. */
  requests: readonly SongRequest[];
  /** requests_close_at; null when the musician set none. */
  lastCallAt: string | null;
  now: number;
}

const HOUR_MS = 3_600_000;

/** Tonight's Played marks among the requests held (the server paces by the same span). */
export function tonightsPlays(requests: readonly SongRequest[], now: number): PlayMark[] {
  const since = now - TONIGHT_HOURS * HOUR_MS;
  return requests.flatMap((request) => {
    const at =
      request.status === 'played' && request.played_at ? Date.parse(request.played_at) : NaN;
    return at >= since
      ? [{ playedAt: new Date(at), durationSeconds: request.duration_seconds ?? null }]
      : [];
  });
}

export function queueTimeline({
  upNext,
  waiting,
  requests,
  lastCallAt,
  now,
}: TimelineInput): QueueTimeline {
  const queue = [...upNext, ...waiting];
  const pace = paceOf(tonightsPlays(requests, now));
  const lengths = queue.map((request) => request.duration_seconds ?? null);
  const lastCall = lastCallAt ? Date.parse(lastCallAt) : NaN;
  const lateIds = new Set<string>();
  // A last call already passed says nothing about the songs still to play: no one is marked.
  if (lastCall > now) {
    queue.forEach((request, index) => {
      const startsAt = now + pacedSeconds(lengths.slice(0, index), pace) * 1000;
      if (startsAt > lastCall) lateIds.add(request.id);
    });
  }
  return {
    totalSeconds: pacedSeconds(lengths, pace),
    songs: queue.length,
    lateIds,
    firstLateWaitingId: waiting.find((request) => lateIds.has(request.id))?.id,
  };
}

/** "Queue: 1 h 12 min · 18 songs", rounded up to the minute as the phone's estimate is. */
export function queueLengthWords({ totalSeconds, songs }: QueueTimeline): string {
  const minutes = Math.ceil(totalSeconds / 60);
  const hours = Math.floor(minutes / 60);
  const length = hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
  return fill(messages.onStageQueueLength, { length, songs: plural(songs, 'song', 'songs') });
}

const clockFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "11:30 PM": the last call on this device's clock, as its time inputs show it. */
export function lastCallTime(lastCallAt: string): string {
  return clockFormat.format(new Date(lastCallAt));
}
