/**
 * The one shape behind every entity store (requests, suggestions, shows, songs, playlists):
 * entities by id, in a stable order, with the bookkeeping that makes applying a copy idempotent.
 *
 * An entity with an updated_at is versioned: an incoming copy replaces the held one only when it
 * is newer, so a replayed or duplicated socket event, or a poll answer older than an event already
 * applied, changes nothing. Entities without one (songs, playlists: only ever the answers to this
 * device's own calls) are always replaced. Deleted ids are remembered, so a late copy of a deleted
 * entity does not bring it back; a complete list from the server starts afresh.
 */
export interface Entity {
  id: string;
  updated_at?: string;
}

export interface EntityCollection<T extends Entity> {
  readonly byId: Readonly<Record<string, T>>;
  /** Display order: as the server listed them, then as they arrived. */
  readonly ids: readonly string[];
  /** When each held entity arrived here (client clock), to judge a snapshot fetched earlier. */
  readonly receivedAt: Readonly<Record<string, number>>;
  readonly deleted: Readonly<Record<string, true>>;
}

interface ApplyResult<T extends Entity> {
  collection: EntityCollection<T>;
  /** Ids this collection had never held before. */
  added: string[];
}

export function emptyCollection<T extends Entity>(): EntityCollection<T> {
  return { byId: {}, ids: [], receivedAt: {}, deleted: {} };
}

/** The complete list the server holds now, in its order; forgets earlier deletions. */
export function collectionFrom<T extends Entity>(
  list: readonly T[],
  now: number,
): EntityCollection<T> {
  const byId: Record<string, T> = {};
  const receivedAt: Record<string, number> = {};
  for (const entity of list) {
    byId[entity.id] = entity;
    receivedAt[entity.id] = now;
  }
  const ids = [...new Set(list.map((entity) => entity.id))];
  return { byId, ids, receivedAt, deleted: {} };
}

function time(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

/** True when `incoming` should replace `held`: missing, unversioned, or strictly newer. */
export function isNewer<T extends Entity>(held: T | undefined, incoming: T): boolean {
  if (!held || held.updated_at === undefined || incoming.updated_at === undefined) return true;
  return time(incoming.updated_at) > time(held.updated_at);
}

/** Adds or replaces one entity; a new one goes last, or first with `at: 'start'`. */
export function upsertEntity<T extends Entity>(
  collection: EntityCollection<T>,
  entity: T,
  now: number,
  at: 'start' | 'end' = 'end',
): ApplyResult<T> {
  const held = collection.byId[entity.id];
  if (collection.deleted[entity.id] || !isNewer(held, entity)) return { collection, added: [] };
  const ids = held
    ? collection.ids
    : at === 'start'
      ? [entity.id, ...collection.ids]
      : [...collection.ids, entity.id];
  return {
    collection: {
      ...collection,
      byId: { ...collection.byId, [entity.id]: entity },
      ids,
      receivedAt: { ...collection.receivedAt, [entity.id]: now },
    },
    added: held ? [] : [entity.id],
  };
}

/** Drops these ids and remembers them as deleted; idempotent. */
export function removeEntities<T extends Entity>(
  collection: EntityCollection<T>,
  gone: Iterable<string>,
): EntityCollection<T> {
  const drop = new Set([...gone].filter((id) => collection.byId[id] || !collection.deleted[id]));
  if (drop.size === 0) return collection;
  const byId = { ...collection.byId };
  const receivedAt = { ...collection.receivedAt };
  const deleted = { ...collection.deleted };
  for (const id of drop) {
    delete byId[id];
    delete receivedAt[id];
    deleted[id] = true;
  }
  return { byId, ids: collection.ids.filter((id) => !drop.has(id)), receivedAt, deleted };
}

export function removeEntity<T extends Entity>(
  collection: EntityCollection<T>,
  id: string,
): EntityCollection<T> {
  return removeEntities(collection, [id]);
}

/**
 * Applies a complete list fetched from the server (first load, poll, resync) that was requested
 * at `fetchStartedAt`. Entities it lacks were deleted, unless they arrived after the fetch began
 * (a socket event the snapshot could not know about yet).
 */
export function applySnapshot<T extends Entity>(
  collection: EntityCollection<T>,
  list: readonly T[],
  fetchStartedAt: number,
  now: number,
): ApplyResult<T> {
  const listed = new Set(list.map((entity) => entity.id));
  const gone = collection.ids.filter(
    (id) => !listed.has(id) && (collection.receivedAt[id] ?? 0) < fetchStartedAt,
  );
  let next = removeEntities(collection, gone);
  const added: string[] = [];
  for (const entity of list) {
    const result = upsertEntity(next, entity, now);
    next = result.collection;
    added.push(...result.added);
  }
  return { collection: next, added };
}

/** A local change to held entities (all of them without `ids`), in place in the order. */
export function patchEntities<T extends Entity>(
  collection: EntityCollection<T>,
  change: (entity: T) => T,
  ids: Iterable<string> = collection.ids,
): EntityCollection<T> {
  const byId = { ...collection.byId };
  for (const id of ids) {
    const held = byId[id];
    if (held) byId[id] = change(held);
  }
  return { ...collection, byId };
}

// One array per collection object (collections are immutable), so a selector returning the list
// gives React the same value until the collection changes.
const lists = new WeakMap<EntityCollection<Entity>, readonly Entity[]>();

/** The held entities in display order. */
export function entityList<T extends Entity>(collection: EntityCollection<T>): readonly T[] {
  let list = lists.get(collection);
  if (!list) {
    list = collection.ids.map((id) => collection.byId[id]!);
    lists.set(collection, list);
  }
  return list as readonly T[];
}

/** Where a store's data stands: not asked for, on its way, held, or failed before any arrived. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The part every entity store shares. */
export interface EntityState<T extends Entity> {
  collection: EntityCollection<T>;
  status: LoadStatus;
}

export function emptyEntityState<T extends Entity>(): EntityState<T> {
  return { collection: emptyCollection<T>(), status: 'idle' };
}
