/**
 * A map of at most `capacity` entries that forgets the least recently used one first: for
 * memoizing pure per-input work (reading a search's words) without growing with every input.
 */
export function createLru<K, V>(capacity: number) {
  const entries = new Map<K, V>();

  return {
    get(key: K): V | undefined {
      if (!entries.has(key)) return undefined;
      const value = entries.get(key) as V;
      // Re-inserted, so the Map's order stays least recently used first.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as K);
    },
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type Lru<K, V> = ReturnType<typeof createLru<K, V>>;
