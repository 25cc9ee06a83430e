import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAllStores, resetEveryStore } from '#client/lib/store-reset.ts';

/**
 * Every Zustand store of the client is in the reset registry: made with createResettable (a
 * musician's data, emptied on sign-in and sign-out) or createPageStore (the page's own, emptied
 * between tests). A store made with Zustand's own `create` would keep one test's or one
 * musician's state into the next; these tests find it.
 */
const clientSrc = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(clientSrc).map((path) => ({
  path: relative(clientSrc, path),
  text: readFileSync(path, 'utf8'),
}));

const REGISTRY = 'lib/store-reset.ts';
const modules = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.*']);
const MAKES_A_STORE = /\b(createResettable|createPageStore)</;

interface Store {
  name: string;
  getState(): object;
  setState(partial: object): void;
}

const isStore = (value: unknown): value is Store =>
  typeof value === 'function' && 'getState' in value && 'setState' in value;

/** Each exported store of each module that makes one, with how it is made. */
async function everyStore() {
  const makers = files.filter((file) => file.path !== REGISTRY && MAKES_A_STORE.test(file.text));
  const found: { name: string; signedIn: boolean; store: Store }[] = [];
  for (const file of makers) {
    const module = (await modules[`../${file.path}`]!()) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!isStore(value)) continue;
      const made = new RegExp(`${name}\\s*=\\s*(createResettable|createPageStore)<`).exec(
        file.text,
      );
      if (made) found.push({ name, signedIn: made[1] === 'createResettable', store: value });
    }
  }
  return { makers, found };
}

describe('the store registry', () => {
  // Some stores read the page's address or storage as they are made: a bare page to read.
  beforeAll(() => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    });
    vi.stubGlobal('sessionStorage', globalThis.localStorage);
    vi.stubGlobal('window', {
      location: new URL('https://example.test/'),
      addEventListener() {},
      removeEventListener() {},
      localStorage: globalThis.localStorage,
    });
    return () => vi.unstubAllGlobals();
  });
  beforeEach(resetEveryStore);

  it("is the only place that calls Zustand's create", () => {
    const direct = files.filter(
      (file) => file.path !== REGISTRY && /from\s+'zustand'/.test(file.text),
    );
    expect(direct.map((file) => file.path)).toEqual([]);
  });

  it('holds every store: each one found returns to its initial state', async () => {
    const { makers, found } = await everyStore();
    expect(makers.length).toBeGreaterThanOrEqual(15);
    expect(found.length).toBeGreaterThanOrEqual(makers.length);
    for (const { store } of found) store.setState({ probe: true });
    resetEveryStore();
    const kept = found.filter(({ store }) => 'probe' in store.getState());
    expect(kept.map(({ name }) => name)).toEqual([]);
  });

  it("empties a musician's stores on sign-in and sign-out, and leaves the page's own", async () => {
    const { found } = await everyStore();
    for (const { store } of found) store.setState({ probe: true });
    resetAllStores();
    const emptied = found.filter(({ store }) => !('probe' in store.getState()));
    expect(emptied.map(({ name }) => name).sort()).toEqual(
      found
        .filter(({ signedIn }) => signedIn)
        .map(({ name }) => name)
        .sort(),
    );
    expect(found.some(({ signedIn }) => !signedIn)).toBe(true);
  });
});
