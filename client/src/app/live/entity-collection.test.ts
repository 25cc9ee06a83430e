import { describe, expect, it } from 'vitest';
import {
  applySnapshot,
  emptyCollection,
  removeEntity,
  upsertEntity,
  type Versioned,
} from './entity-collection.ts';

interface Item extends Versioned {
  label: string;
}

const item = (id: string, updatedAt: string, label = id): Item => ({
  id,
  updated_at: updatedAt,
  label,
});

const T1 = '2025-05-01T20:00:00.000Z';
const T2 = '2025-05-01T20:00:05.000Z';

describe('upsertEntity', () => {
  it('adds an unknown entity and reports it as added', () => {
    const { collection, added } = upsertEntity(emptyCollection<Item>(), item('a', T1), 1);
    expect(collection.byId.a?.label).toBe('a');
    expect(added).toEqual(['a']);
  });

  it('replaces only with a newer copy; a replay or an older copy changes nothing', () => {
    const start = upsertEntity(emptyCollection<Item>(), item('a', T2, 'new'), 1).collection;
    const replay = upsertEntity(start, item('a', T2, 'new'), 2);
    expect(replay.collection).toBe(start);
    expect(replay.added).toEqual([]);
    expect(upsertEntity(start, item('a', T1, 'old'), 3).collection).toBe(start);
    const newer = upsertEntity(start, item('a', '2025-05-01T20:00:06.000Z', 'newer'), 4);
    expect(newer.collection.byId.a?.label).toBe('newer');
    expect(newer.added).toEqual([]);
  });

  it('never brings back a deleted entity', () => {
    const held = upsertEntity(emptyCollection<Item>(), item('a', T1), 1).collection;
    const gone = removeEntity(held, 'a');
    expect(gone.byId.a).toBeUndefined();
    expect(upsertEntity(gone, item('a', T2), 2).collection).toBe(gone);
  });
});

describe('removeEntity', () => {
  it('is idempotent', () => {
    const held = upsertEntity(emptyCollection<Item>(), item('a', T1), 1).collection;
    const once = removeEntity(held, 'a');
    expect(removeEntity(once, 'a')).toBe(once);
    // Deleting an id never seen still remembers it.
    expect(removeEntity(emptyCollection<Item>(), 'x').deleted.x).toBe(true);
  });
});

describe('applySnapshot', () => {
  it('adds, updates and drops entities missing from the server list', () => {
    let collection = emptyCollection<Item>();
    collection = upsertEntity(collection, item('a', T1), 1).collection;
    collection = upsertEntity(collection, item('b', T1), 1).collection;
    const { collection: next, added } = applySnapshot(
      collection,
      [item('a', T2, 'changed'), item('c', T1)],
      5,
      6,
    );
    expect(Object.keys(next.byId).sort()).toEqual(['a', 'c']);
    expect(next.byId.a?.label).toBe('changed');
    expect(added).toEqual(['c']);
  });

  it('keeps an entity that arrived after the snapshot was requested', () => {
    const collection = upsertEntity(emptyCollection<Item>(), item('late', T2), 10).collection;
    const { collection: next } = applySnapshot(collection, [], 5, 12);
    expect(next.byId.late).toBeDefined();
  });

  it('keeps a newer held copy over an older one from the snapshot', () => {
    const collection = upsertEntity(emptyCollection<Item>(), item('a', T2, 'live'), 1).collection;
    const { collection: next } = applySnapshot(collection, [item('a', T1, 'stale')], 5, 6);
    expect(next.byId.a?.label).toBe('live');
  });
});
