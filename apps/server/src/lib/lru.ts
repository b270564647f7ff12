import { LRUCache } from 'lru-cache';

/**
 * A map of at most `capacity` entries that forgets the least recently used one first: for
 * memoizing pure per-input work (reading a search's words) without growing with every input.
 * `lru-cache` keeps the recency order in preallocated index arrays, so a hit moves two indexes
 * instead of deleting and re-inserting a Map entry.
 */
export function createLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  capacity: number,
) {
  return new LRUCache<K, V>({ max: capacity });
}
