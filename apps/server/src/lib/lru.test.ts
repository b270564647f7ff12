import { describe, expect, it } from 'vitest';
import { createLru } from './lru.js';

describe('lru', () => {
  it('forgets the least recently used entry past its capacity', () => {
    const lru = createLru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    // Reading "a" makes "b" the least recently used.
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('replaces a value without taking another place', () => {
    const lru = createLru<string, number>(2);
    lru.set('y', 0);
    lru.set('x', 1);
    lru.set('x', 2);
    expect(lru.size).toBe(2);
    expect(lru.get('x')).toBe(2);
    lru.clear();
    expect(lru.size).toBe(0);
  });
});
