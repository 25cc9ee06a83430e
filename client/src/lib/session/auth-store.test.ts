import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMusician } from '#client-test/musician-factory.ts';
import { createResettable, resetAllStores } from '#client/lib/store-reset.ts';
import { initAuth, useAuthStore } from './auth-store.ts';
import { SESSION_STORAGE_KEY } from './session-storage.ts';

/** A Storage that lives in memory, as the browser's localStorage would for one tab. */
function memoryStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    getItem: vi.fn((key: string) => items.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void items.set(key, value)),
    removeItem: vi.fn((key: string) => void items.delete(key)),
  };
}

const session = { token: 'token-1', musician: makeMusician() };
const auth = () => useAuthStore.getState();
// Stands for every store of the musician's data.
const useDataStore = createResettable(() => ({ held: [] as string[] }));
const held = () => useDataStore.getState().held;

describe('auth store', () => {
  beforeEach(() => {
    resetAllStores();
    useAuthStore.setState(useAuthStore.getInitialState(), true);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts signed out without reading storage; initAuth() reads the stored session', () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(session) });
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('window', { addEventListener: vi.fn() });
    expect(auth().token).toBeNull();
    expect(storage.getItem).not.toHaveBeenCalled();
    initAuth();
    expect(auth().token).toBe('token-1');
    expect(auth().musician?.id).toBe('m1');
  });

  it('empties the other stores on sign-in and on sign-out', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    useDataStore.setState({ held: ['previous musician'] });
    auth().signIn(session);
    expect(held()).toEqual([]);
    useDataStore.setState({ held: ['mine'] });
    auth().endSession('Signed out');
    expect(held()).toEqual([]);
    expect(auth()).toMatchObject({ token: null, musician: null, notice: 'Signed out' });
  });
});
