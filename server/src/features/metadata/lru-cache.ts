/** A small least-recently-used cache: a Map keeps insertion order, so the first key is the oldest. */
export function lruCache<K, V>(maxEntries: number) {
  const entries = new Map<K, V>();
  return {
    has: (key: K) => entries.has(key),
    get(key: K): V | undefined {
      if (!entries.has(key)) return undefined;
      const value = entries.get(key)!;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    get size() {
      return entries.size;
    },
  };
}
