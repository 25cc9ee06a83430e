import type { FeedMessage, FeedRequest } from '#shared/schemas/feed.ts';
import { isOpenStatus } from '#shared/schemas/request.ts';

/** What the overlay knows: whose queue, whether requests are on, and the open requests. */
export interface OverlayState {
  musician: { name: string; slug: string } | null;
  requestsEnabled: boolean;
  /** Waiting and Up Next requests, as the feed last described each. */
  requests: readonly FeedRequest[];
}

export const EMPTY_OVERLAY: OverlayState = { musician: null, requestsEnabled: true, requests: [] };

/** Beyond this many open requests the oldest waiting ones are dropped: the screen shows few. */
const KEPT_MAX = 300;

const time = (request: FeedRequest) => Date.parse(request.created_at) || 0;
const oldestFirst = (a: FeedRequest, b: FeedRequest) => time(a) - time(b);
/** The queue's order (queue_position), oldest first for a request without one. */
const inQueueOrder = (a: FeedRequest, b: FeedRequest) =>
  (a.queue_position ?? Infinity) - (b.queue_position ?? Infinity) || oldestFirst(a, b);

function upsert(list: readonly FeedRequest[], request: FeedRequest): readonly FeedRequest[] {
  const others = list.filter((known) => known.id !== request.id);
  if (!isOpenStatus(request.status)) return others;
  const next = [...others, request];
  return next.length > KEPT_MAX ? next.sort(oldestFirst).slice(next.length - KEPT_MAX) : next;
}

/** The state after one feed message. `hello` replaces everything (a reconnect resyncs). */
export function applyFeedMessage(state: OverlayState, message: FeedMessage): OverlayState {
  switch (message.type) {
    case 'hello':
      return {
        musician: message.data.musician,
        requestsEnabled: message.data.requests_enabled,
        requests: message.data.queue.filter((request) => isOpenStatus(request.status)),
      };
    case 'request.created':
    case 'request.updated':
      return { ...state, requests: upsert(state.requests, message.data) };
    case 'request.deleted':
      return {
        ...state,
        requests: state.requests.filter((request) => request.id !== message.data.id),
      };
    case 'requests.toggled':
      return { ...state, requestsEnabled: message.data.requests_enabled };
    case 'show.updated':
      return state;
  }
}

export const UP_NEXT_SHOWN = 2;
export const LATEST_SHOWN = 5;

/**
 * The three parts of the overlay. Now playing is the first of Up Next (the one the musician
 * marks played next: the app has no separate "playing" state), Up next the ones after it, and
 * the latest requests the newest ones still waiting.
 */
export function overlayView(state: OverlayState) {
  const upNext = state.requests.filter((request) => request.status === 'up_next');
  upNext.sort(inQueueOrder);
  const waiting = state.requests.filter((request) => request.status !== 'up_next');
  waiting.sort((a, b) => time(b) - time(a));
  return {
    nowPlaying: upNext[0] ?? null,
    upNext: upNext.slice(1, 1 + UP_NEXT_SHOWN),
    latest: waiting.slice(0, LATEST_SHOWN),
  };
}
