import { create, type StateCreator, type StoreApi, type UseBoundStore } from 'zustand';

/** Every store of the client is made here, so none escapes the registry (reset-all-stores.test). */
const signedInResets = new Set<() => void>();
const pageResets = new Set<() => void>();

function made<T>(initializer: StateCreator<T>, registry: Set<() => void>) {
  const store = create<T>()(initializer);
  const initial = store.getInitialState();
  registry.add(() => store.setState(initial, true));
  return store;
}

/**
 * `create` for every store that holds a musician's data: the store is registered, so that
 * resetAllStores() puts it back to its initial state (Zustand's "resetting multiple stores").
 */
export function createResettable<T>(initializer: StateCreator<T>): UseBoundStore<StoreApi<T>> {
  return made(initializer, signedInResets);
}

/**
 * `create` for a store of the page itself, not of a signed-in musician: the session, the audience
 * page, the site's settings, moves still in their undo window. A sign-in or sign-out (in this tab
 * or another) must leave it as it is, so only resetEveryStore() empties it: between tests.
 */
export function createPageStore<T>(initializer: StateCreator<T>): UseBoundStore<StoreApi<T>> {
  return made(initializer, pageResets);
}

/** Empties every store of a musician's data: on sign-in and sign-out, and between tests. */
export function resetAllStores(): void {
  for (const reset of signedInResets) reset();
}

/** Every store back to its initial state, the page's own included: between tests. */
export function resetEveryStore(): void {
  resetAllStores();
  for (const reset of pageResets) reset();
}

// Whose data the registered stores hold; emptied with them.
const useOwnerStore = createResettable<{ musicianId: string | null }>(() => ({
  musicianId: null,
}));

/**
 * Called before loading `musicianId`'s data: if the stores still hold another musician's (a
 * session that changed without a sign-out here), they are emptied first.
 */
export function holdStoresFor(musicianId: string): void {
  const held = useOwnerStore.getState().musicianId;
  if (held !== null && held !== musicianId) resetAllStores();
  useOwnerStore.setState({ musicianId });
}

const beforeSignOut = new Set<() => Promise<void>>();

/** Work that must finish while the session is still valid (moves waiting in their undo window). */
export function onBeforeSignOut(task: () => Promise<void>): void {
  beforeSignOut.add(task);
}

/** Runs every task registered with onBeforeSignOut; a failing one does not stop the sign-out. */
export async function runBeforeSignOut(): Promise<void> {
  await Promise.allSettled([...beforeSignOut].map((task) => task()));
}
