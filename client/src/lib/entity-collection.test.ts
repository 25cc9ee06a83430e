import { describe, expect, it } from 'vitest';
import {
  applySnapshot,
  collectionFrom,
  emptyCollection,
  entityList,
  patchEntities,
  removeEntities,
  removeEntity,
  upsertEntity,
  type Entity,
} from './entity-collection.ts';

interface Item extends Entity {
  updated_at: string;
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

interface Plain extends Entity {
  name: string;
}

const plain = (id: string, name = id): Plain => ({ id, name });
const ids = <T extends Entity>(list: readonly T[]) => list.map((entity) => entity.id);

describe('order', () => {
  it('keeps the server order, adds new entities last or first, replaces in place', () => {
    let collection = collectionFrom([plain('b'), plain('a')], 1);
    collection = upsertEntity(collection, plain('c'), 2).collection;
    collection = upsertEntity(collection, plain('z'), 2, 'start').collection;
    collection = upsertEntity(collection, plain('a', 'renamed'), 3).collection;
    expect(ids(entityList(collection))).toEqual(['z', 'b', 'a', 'c']);
    expect(collection.byId.a?.name).toBe('renamed');
  });

  it('keeps numeric-looking ids in arrival order', () => {
    const collection = collectionFrom([plain('10'), plain('2')], 1);
    expect(ids(entityList(collection))).toEqual(['10', '2']);
  });

  it('gives the same list for the same collection', () => {
    const collection = collectionFrom([plain('a')], 1);
    expect(entityList(collection)).toBe(entityList(collection));
  });
});

describe('entities without updated_at', () => {
  it('are always replaced by the incoming copy', () => {
    const held = collectionFrom([plain('a', 'old')], 1);
    expect(upsertEntity(held, plain('a', 'new'), 2).collection.byId.a?.name).toBe('new');
  });
});

describe('collectionFrom', () => {
  it('is the list as given and forgets earlier deletions', () => {
    const gone = removeEntity(emptyCollection<Plain>(), 'a');
    expect(upsertEntity(gone, plain('a'), 1).collection).toBe(gone);
    const fresh = collectionFrom([plain('a')], 2);
    expect(fresh.deleted).toEqual({});
    expect(ids(entityList(fresh))).toEqual(['a']);
  });
});

describe('removeEntities', () => {
  it('drops several ids at once and keeps the order of the rest', () => {
    const collection = collectionFrom([plain('a'), plain('b'), plain('c')], 1);
    const next = removeEntities(collection, ['a', 'c']);
    expect(ids(entityList(next))).toEqual(['b']);
    expect(next.deleted).toEqual({ a: true, c: true });
    expect(removeEntities(next, ['a'])).toBe(next);
  });
});

describe('patchEntities', () => {
  it('changes the given entities, or all of them, in place', () => {
    const collection = collectionFrom([plain('a'), plain('b')], 1);
    const one = patchEntities(collection, (entity) => ({ ...entity, name: 'x' }), ['b', 'gone']);
    expect(entityList(one).map((entity) => entity.name)).toEqual(['a', 'x']);
    const all = patchEntities(collection, (entity) => ({ ...entity, name: 'y' }));
    expect(entityList(all).map((entity) => entity.name)).toEqual(['y', 'y']);
  });
});
