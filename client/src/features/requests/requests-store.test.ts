import { beforeEach, describe, expect, it } from 'vitest';
import { songRequest } from '#client-test/request-factory.ts';
import { resetAllStores } from '#client/lib/store-reset.ts';
import { selectPendingCount, useRequestsStore } from './requests-store.ts';

const store = () => useRequestsStore.getState();
const T1 = '2025-05-01T20:00:00.000Z';
const T2 = '2025-05-01T20:01:00.000Z';

describe('requests store', () => {
  beforeEach(resetAllStores);

  it('counts arrivals only after the first load', () => {
    store().upsert(songRequest({ id: 'early' }));
    store().applySnapshot([songRequest({ id: 'early' }), songRequest({ id: 'listed' })], 0);
    expect(store().arrivals).toEqual([]);
    store().upsert(songRequest({ id: 'new' }));
    expect(store().arrivals).toEqual(['new']);
    store().clearArrivals();
    expect(store().arrivals).toEqual([]);
  });

  it('applies a duplicated or replayed event once', () => {
    store().applySnapshot([], 0);
    const created = songRequest({ id: 'a', updated_at: T1 });
    store().upsert(created);
    const before = store();
    store().upsert(created);
    expect(store()).toBe(before);
    expect(store().arrivals).toEqual(['a']);
  });

  it('keeps a newer status over an older copy from a poll', () => {
    store().applySnapshot([songRequest({ id: 'a', updated_at: T1 })], 0);
    store().upsert(songRequest({ id: 'a', status: 'played', updated_at: T2 }));
    store().applySnapshot([songRequest({ id: 'a', status: 'pending', updated_at: T1 })], 0);
    expect(store().collection.byId.a?.status).toBe('played');
  });

  it('removes deleted requests from the list and from the arrivals', () => {
    store().applySnapshot([], 0);
    store().upsert(songRequest({ id: 'a' }));
    store().remove('a');
    store().remove('a');
    expect(store().collection.byId.a).toBeUndefined();
    expect(store().arrivals).toEqual([]);
  });

  it('counts pending requests for the Requests tab badge', () => {
    store().applySnapshot(
      [
        songRequest({ id: 'a' }),
        songRequest({ id: 'b', status: 'up_next' }),
        songRequest({ id: 'c' }),
      ],
      0,
    );
    expect(selectPendingCount(store())).toBe(2);
  });
});
