import { beforeEach, describe, expect, it } from 'vitest';
import { songRequest } from '#client-test/request-factory.ts';
import { resetAllStores } from '#client/lib/store-reset.ts';
import { selectRequests, useRequestsStore } from './requests-store.ts';

const store = () => useRequestsStore.getState();
const T1 = '2025-05-01T20:00:00.000Z';
const T2 = '2025-05-01T20:01:00.000Z';
const ids = () => selectRequests(store()).map((request) => request.id);

describe('requests store: paged answers', () => {
  beforeEach(resetAllStores);

  it('keeps the cursors of a complete answer for the next poll and the next older page', () => {
    store().applySnapshot([songRequest({ id: 'a' })], 0, { since: 'S1', older: 'B1' });
    expect(store().since).toBe('S1');
    expect(store().olderCursor).toBe('B1');
    // A caller without cursors (a resync after a refused move) keeps them.
    store().applySnapshot([songRequest({ id: 'a' })], 0);
    expect(store().since).toBe('S1');
    expect(store().olderCursor).toBe('B1');
  });

  it('merges a delta: changed requests replace older copies, deleted ids go, the rest stays', () => {
    store().applySnapshot(
      [
        songRequest({ id: 'a', updated_at: T1 }),
        songRequest({ id: 'b', updated_at: T1 }),
        songRequest({ id: 'old', updated_at: T1 }),
      ],
      0,
      { since: 'S1', older: null },
    );
    store().applyChanges(
      [songRequest({ id: 'a', status: 'played', updated_at: T2 }), songRequest({ id: 'new' })],
      ['b', 'never-held'],
      'S2',
    );
    expect(ids().sort()).toEqual(['a', 'new', 'old']);
    expect(store().collection.byId.a?.status).toBe('played');
    expect(store().arrivals).toEqual(['new']);
    expect(store().since).toBe('S2');
    // A deleted request does not come back with a late copy.
    store().upsert(songRequest({ id: 'b', updated_at: T2 }));
    expect(ids()).not.toContain('b');
  });

  it('adds older pages without counting them as arrivals, and stops at the end', () => {
    store().applySnapshot([songRequest({ id: 'newest' })], 0, { since: 'S1', older: 'B1' });
    store().addOlder([songRequest({ id: 'older-1' }), songRequest({ id: 'older-2' })], 'B2');
    expect(ids()).toEqual(['newest', 'older-1', 'older-2']);
    expect(store().arrivals).toEqual([]);
    expect(store().olderCursor).toBe('B2');
    store().addOlder([songRequest({ id: 'oldest' })], null);
    expect(store().olderCursor).toBeNull();
    expect(store().olderStatus).toBe('idle');
  });
});
