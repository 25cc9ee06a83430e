import { describe, expect, it } from 'vitest';
import type { FeedMessage, FeedRequest } from '#shared/schemas/feed.ts';
import {
  applyFeedMessage,
  EMPTY_OVERLAY,
  overlayView,
  type OverlayState,
} from './overlay-state.ts';

let counter = 0;
function feedRequest(overrides: Partial<FeedRequest> = {}): FeedRequest {
  counter += 1;
  return {
    id: `r${counter}`,
    song: `Song ${counter}`,
    artist: 'Artist',
    requester: 'Mary',
    dedication: '',
    status: 'pending',
    votes: 1,
    created_at: new Date(Date.UTC(2026, 0, 1, 20, counter)).toISOString(),
    ...overrides,
  };
}

const at = '2026-01-01T20:00:00.000Z';
const hello = (queue: FeedRequest[], requestsEnabled = true): FeedMessage => ({
  type: 'hello',
  at,
  data: { musician: { name: 'Band', slug: 'band' }, requests_enabled: requestsEnabled, queue },
});
const apply = (state: OverlayState, ...list: FeedMessage[]) => list.reduce(applyFeedMessage, state);

describe('the overlay state', () => {
  it('takes the queue from hello, and hello again replaces it', () => {
    const first = feedRequest();
    const state = apply(EMPTY_OVERLAY, hello([first], false));
    expect(state.musician).toEqual({ name: 'Band', slug: 'band' });
    expect(state.requestsEnabled).toBe(false);
    expect(state.requests).toEqual([first]);
    expect(apply(state, hello([])).requests).toEqual([]);
  });

  it('adds, updates and removes requests; played and rejected ones leave', () => {
    const a = feedRequest();
    const b = feedRequest();
    let state = apply(
      EMPTY_OVERLAY,
      hello([a]),
      { type: 'request.created', at, data: b },
      { type: 'request.updated', at, data: { ...a, votes: 3 } },
    );
    expect(state.requests.find((r) => r.id === a.id)?.votes).toBe(3);
    expect(state.requests).toHaveLength(2);
    state = apply(state, { type: 'request.updated', at, data: { ...a, status: 'played' } });
    expect(state.requests.map((r) => r.id)).toEqual([b.id]);
    state = apply(state, { type: 'request.deleted', at, data: { id: b.id } });
    expect(state.requests).toEqual([]);
  });

  it('follows requests being switched off and on, and ignores show changes', () => {
    const state = apply(EMPTY_OVERLAY, hello([]), {
      type: 'requests.toggled',
      at,
      data: { requests_enabled: false },
    });
    expect(state.requestsEnabled).toBe(false);
    const same = applyFeedMessage(state, {
      type: 'show.updated',
      at,
      data: { active: true, show: { id: 's', name: 'Friday', venue_name: '' } },
    });
    expect(same).toBe(state);
  });
});

describe('what the overlay shows', () => {
  it('plays the first of Up Next, then lists the rest and the newest waiting requests', () => {
    const upNext = [1, 2, 3, 4, 5].map(() => feedRequest({ status: 'up_next' }));
    const waiting = [1, 2, 3, 4, 5, 6, 7].map(() => feedRequest());
    const view = overlayView(apply(EMPTY_OVERLAY, hello([...waiting, ...upNext].reverse())));
    expect(view.nowPlaying?.id).toBe(upNext[0]!.id);
    expect(view.upNext.map((r) => r.id)).toEqual(upNext.slice(1, 3).map((r) => r.id));
    expect(view.latest.map((r) => r.id)).toEqual(
      waiting
        .slice(-5)
        .reverse()
        .map((r) => r.id),
    );
  });

  it('has nothing playing while Up Next is empty', () => {
    const view = overlayView(apply(EMPTY_OVERLAY, hello([feedRequest()])));
    expect(view.nowPlaying).toBeNull();
    expect(view.upNext).toEqual([]);
    expect(view.latest).toHaveLength(1);
  });
});
