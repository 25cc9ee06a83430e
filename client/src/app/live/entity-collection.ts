/**
 * The idempotent bookkeeping behind the live stores. Entities are kept by id; an incoming copy
 * replaces the held one only when its updated_at is newer, so a replayed or duplicated socket
 * event, or a poll answer older than an event already applied, changes nothing. Deleted ids are
 * remembered, so a late copy of a deleted entity does not bring it back.
 */
export interface Versioned {
  id: string;
  updated_at: string;
}

export interface EntityCollection<T extends Versioned> {
  readonly byId: Readonly<Record<string, T>>;
  /** When each held entity arrived here (client clock), to judge a snapshot fetched earlier. */
  readonly receivedAt: Readonly<Record<string, number>>;
  readonly deleted: Readonly<Record<string, true>>;
}

export interface ApplyResult<T extends Versioned> {
  collection: EntityCollection<T>;
  /** Ids this collection had never held before. */
  added: string[];
}

export function emptyCollection<T extends Versioned>(): EntityCollection<T> {
  return { byId: {}, receivedAt: {}, deleted: {} };
}

function time(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

/** True when `incoming` should replace `held` (missing, or strictly newer). */
export function isNewer<T extends Versioned>(held: T | undefined, incoming: T): boolean {
  return !held || time(incoming.updated_at) > time(held.updated_at);
}

export function upsertEntity<T extends Versioned>(
  collection: EntityCollection<T>,
  entity: T,
  now: number,
): ApplyResult<T> {
  const held = collection.byId[entity.id];
  if (collection.deleted[entity.id] || !isNewer(held, entity)) return { collection, added: [] };
  return {
    collection: {
      ...collection,
      byId: { ...collection.byId, [entity.id]: entity },
      receivedAt: { ...collection.receivedAt, [entity.id]: now },
    },
    added: held ? [] : [entity.id],
  };
}

export function removeEntity<T extends Versioned>(
  collection: EntityCollection<T>,
  id: string,
): EntityCollection<T> {
  if (collection.deleted[id] && !collection.byId[id]) return collection;
  const byId = { ...collection.byId };
  const receivedAt = { ...collection.receivedAt };
  delete byId[id];
  delete receivedAt[id];
  return { byId, receivedAt, deleted: { ...collection.deleted, [id]: true } };
}

/**
 * Applies a complete list fetched from the server (first load, poll, resync) that was requested
 * at `fetchStartedAt`. Entities it lacks were deleted, unless they arrived after the fetch began
 * (a socket event the snapshot could not know about yet).
 */
export function applySnapshot<T extends Versioned>(
  collection: EntityCollection<T>,
  list: readonly T[],
  fetchStartedAt: number,
  now: number,
): ApplyResult<T> {
  const listed = new Set(list.map((entity) => entity.id));
  let next = collection;
  for (const id of Object.keys(collection.byId)) {
    if (!listed.has(id) && (collection.receivedAt[id] ?? 0) < fetchStartedAt) {
      next = removeEntity(next, id);
    }
  }
  const added: string[] = [];
  for (const entity of list) {
    const result = upsertEntity(next, entity, now);
    next = result.collection;
    added.push(...result.added);
  }
  return { collection: next, added };
}
