import { create, type StateCreator, type StoreApi, type UseBoundStore } from 'zustand';

const resets = new Set<() => void>();

/**
 * `create` for every store that holds a musician's data: the store is registered, so that
 * resetAllStores() puts it back to its initial state (Zustand's "resetting multiple stores").
 */
export function createResettable<T>(initializer: StateCreator<T>): UseBoundStore<StoreApi<T>> {
  const store = create<T>()(initializer);
  const initial = store.getInitialState();
  resets.add(() => store.setState(initial, true));
  return store;
}

/** Empties every registered store: on sign-in and sign-out, and between tests. */
export function resetAllStores(): void {
  for (const reset of resets) reset();
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
