import { beforeEach, describe, expect, it } from 'vitest';
import type { Show } from '#shared/schemas/show.ts';
import { resetAllStores } from '#client/lib/store-reset.ts';
import { selectCurrentShow, selectShows, splitShows, useShowsStore } from './shows-store.ts';

const show = (overrides: Partial<Show> = {}): Show => ({
  id: 'show-1',
  name: 'Friday',
  date: '2025-05-01T20:00:00.000Z',
  status: 'active',
  venue_name: '',
  venue_address: '',
  performed_on: null,
  updated_at: '2025-05-01T20:00:00.000Z',
  request_count: 0,
  played_count: 0,
  ...overrides,
});

const store = () => useShowsStore.getState();

describe('shows store', () => {
  beforeEach(resetAllStores);

  it('follows the current show and ignores a replayed older event', () => {
    store().applyCurrent({ active: true, show: show() });
    expect(selectCurrentShow(store())?.name).toBe('Friday');
    const stopped = show({ status: 'stopped', updated_at: '2025-05-01T23:00:00.000Z' });
    store().applyCurrent({ active: false, show: stopped });
    store().applyCurrent({ active: true, show: show() });
    expect(selectCurrentShow(store())).toBeNull();
    expect(store().collection.byId['show-1']?.status).toBe('stopped');
  });

  it('archiving the running show ends it; the list splits archived shows off', () => {
    store().applyCurrent({ active: true, show: show() });
    store().upsert(show({ status: 'archived', updated_at: '2025-05-02T00:00:00.000Z' }));
    expect(selectCurrentShow(store())).toBeNull();
    store().upsert(show({ id: 'show-2', status: 'stopped', date: '2025-05-03T20:00:00.000Z' }));
    const { visible, archived } = splitShows(selectShows(store()));
    expect(visible.map((s) => s.id)).toEqual(['show-2']);
    expect(archived.map((s) => s.id)).toEqual(['show-1']);
  });

  it('a fetch that began before a show started does not stop it on the screen', () => {
    const fetchStartedAt = performance.now();
    // The show:updated event arrives first; the fetch, read before the start, answers after.
    store().applyCurrent({ active: true, show: show() });
    store().applyCurrent({ active: false, show: null }, fetchStartedAt);
    expect(selectCurrentShow(store())?.name).toBe('Friday');
    // A fetch begun after the event is the newer news.
    store().applyCurrent({ active: false, show: null }, store().currentChangedAt + 1);
    expect(selectCurrentShow(store())).toBeNull();
  });

  it('removing a show drops it and, if it was running, the current show', () => {
    store().applyCurrent({ active: true, show: show() });
    store().remove('show-1');
    expect(store().collection.byId).toEqual({});
    expect(selectCurrentShow(store())).toBeNull();
  });
});
