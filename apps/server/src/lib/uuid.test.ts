import { describe, expect, it } from 'vitest';
import { uuidv7, uuidv7Generator } from './uuid.js';

describe('uuidv7', () => {
  it('is a valid version 7 UUID carrying its time', () => {
    const now = Date.now();
    const id = uuidv7(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(now);
  });

  it('keeps creation order within one millisecond', () => {
    // A generator of its own: the process's one has seen whatever times earlier files gave it.
    const next = uuidv7Generator();
    const now = Date.now();
    const ids = Array.from({ length: 500 }, () => next(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps creation order when the clock reads behind the last id, as after a clock ran ahead', () => {
    const next = uuidv7Generator();
    next(Date.now() + 60_000);
    // Two ids a chat save makes at once, on the clock: in order, every time.
    for (let round = 0; round < 200; round += 1) {
      const [first, second] = [next(), next()];
      expect(first < second, `round ${round}`).toBe(true);
    }
  });
});
