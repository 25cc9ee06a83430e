import { z } from 'zod';
import { SongRequest } from '#shared/schemas/request.ts';
import {
  activeRequests,
  completedRequests,
  upNextRequests,
} from '#client/features/requests/request-views.ts';

/**
 * The On Stage screen's last known queue, kept on the device so that the screen opens with it
 * when there is no network (a reload in a venue with no signal, an installed app opened
 * offline). Only what the screen shows: never a requester's email, and a bounded number of
 * requests, for one musician at a time.
 */
export const STAGE_QUEUE_KEY_PREFIX = 'song-requests.stage-queue.';

export const STAGE_QUEUE_LIMITS = {
  /** Up Next and Active Requests: a long night, with room to spare. */
  waiting: 200,
  /** The Completed list: the latest ones, as far as anyone scrolls on stage. */
  completed: 50,
  /** Last week's queue is history, not something to play from. */
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
} as const;

const StoredShow = z.object({ id: z.string(), name: z.string() });
export type StoredShow = z.infer<typeof StoredShow>;

const StoredStageQueue = z.object({
  version: z.literal(1),
  musicianId: z.string(),
  /** When it was saved (ms since the epoch): the screen says "as of 21:04". */
  savedAt: z.number(),
  /** The show that was running then, if any. */
  show: StoredShow.nullable(),
  requests: z.array(SongRequest),
});
export type StoredStageQueue = z.infer<typeof StoredStageQueue>;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const keyFor = (musicianId: string) => `${STAGE_QUEUE_KEY_PREFIX}${musicianId}`;

/** A request as the stage screen shows it, field by field, so nothing else can slip in. */
export function toStoredRequest(request: SongRequest): SongRequest {
  return {
    id: request.id,
    song_id: request.song_id,
    song_title: request.song_title,
    song_artist: request.song_artist,
    payment: request.payment ?? null,
    requester_name: request.requester_name,
    // The stage screen never shows it, so the device never keeps it.
    requester_email: '',
    dedication: request.dedication,
    status: request.status,
    tip_amount: request.tip_amount,
    tip_received: request.tip_received,
    tip_clicked: false,
    social_clicks: [],
    show_id: request.show_id,
    show_name: request.show_name,
    created_at: request.created_at,
    updated_at: request.updated_at,
    ...(request.votes !== undefined && { votes: request.votes }),
    ...(request.voters && {
      voters: request.voters.map((voter) => ({
        requester_name: voter.requester_name,
        dedication: voter.dedication,
        tip_amount: voter.tip_amount,
        created_at: voter.created_at,
      })),
    }),
    ...(request.tips && {
      tips: request.tips.map((tip) => ({
        id: tip.id,
        amount: tip.amount,
        platform: tip.platform,
        tipper_name: tip.tipper_name,
        received: tip.received,
      })),
    }),
  };
}

/** What of the queue is kept: every waiting request (up to the limit), the latest completed. */
export function boundedQueue(requests: readonly SongRequest[]): SongRequest[] {
  const waiting = [...upNextRequests(requests), ...activeRequests(requests)];
  return [
    ...waiting.slice(0, STAGE_QUEUE_LIMITS.waiting),
    ...completedRequests(requests).slice(0, STAGE_QUEUE_LIMITS.completed),
  ].map(toStoredRequest);
}

/** Every stage queue this device keeps, whoever's. */
function storedKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(STAGE_QUEUE_KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * Keeps `musicianId`'s queue as it is now, in place of any other musician's (a shared tablet
 * holds the last one's only). Storage refused or full: the screen works on, without the copy.
 */
export function saveStageQueue(
  storage: Storage,
  queue: { musicianId: string; requests: readonly SongRequest[]; show: StoredShow | null },
  now: number = Date.now(),
): void {
  const stored: StoredStageQueue = {
    version: 1,
    musicianId: queue.musicianId,
    savedAt: now,
    show: queue.show && { id: queue.show.id, name: queue.show.name },
    requests: boundedQueue(queue.requests),
  };
  try {
    for (const key of storedKeys(storage)) {
      if (key !== keyFor(queue.musicianId)) storage.removeItem(key);
    }
    storage.setItem(keyFor(queue.musicianId), JSON.stringify(stored));
  } catch {
    // Private mode or a full storage: nothing to show offline, nothing else changes.
  }
}

/**
 * `musicianId`'s last saved queue, or null: none, another build's or hand-edited (it must parse
 * as the shape above), or older than the limit (then it is removed).
 */
export function readStageQueue(
  storage: Storage,
  musicianId: string,
  now: number = Date.now(),
): StoredStageQueue | null {
  try {
    const raw = storage.getItem(keyFor(musicianId));
    if (!raw) return null;
    const parsed = StoredStageQueue.safeParse(JSON.parse(raw));
    const fresh =
      parsed.success &&
      parsed.data.musicianId === musicianId &&
      now - parsed.data.savedAt <= STAGE_QUEUE_LIMITS.maxAgeMs &&
      parsed.data.savedAt <= now + 60_000;
    if (fresh) {
      return { ...parsed.data, requests: parsed.data.requests.map(toStoredRequest) };
    }
    storage.removeItem(keyFor(musicianId));
    return null;
  } catch {
    return null;
  }
}

/** Forgets every kept queue (signing out). */
export function forgetStageQueues(storage: Storage): void {
  try {
    for (const key of storedKeys(storage)) storage.removeItem(key);
  } catch {
    // Nothing kept, or storage refused: nothing to forget.
  }
}
