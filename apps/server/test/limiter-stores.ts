import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimiterStore } from '../src/lib/limiter.js';

/** The calls of a rate-limiter-flexible limiter that reach its store. */
const STORE_CALLS = new Set(['consume', 'penalty', 'reward', 'get', 'set', 'block', 'delete']);

/** A limiter whose store calls go through `through` instead. */
function intercepted(
  limiter: RateLimiterAbstract,
  through: (call: () => Promise<unknown>) => Promise<unknown>,
): RateLimiterAbstract {
  return new Proxy(limiter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !STORE_CALLS.has(property)) return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => through(() => method.apply(target, args));
    },
  });
}

/** A store that takes every call and never answers one, as a frozen Redis does. */
export const silentStore: LimiterStore = (options) =>
  intercepted(new RateLimiterMemory(options), () => new Promise<never>(() => undefined));

/** A store whose every call fails after `ms` (0: at once), as a store that is gone does. */
export function failingStore(ms = 0): LimiterStore {
  return (options) =>
    intercepted(
      new RateLimiterMemory(options),
      () =>
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('The store is gone.')), ms),
        ),
    );
}

/**
 * A store shared by every limiter of the same name (like Redis), which can be frozen: calls made
 * meanwhile wait, and are carried out when it thaws, as a frozen Redis works through what it
 * received.
 */
export function freezableStore() {
  const counters = new Map<string, RateLimiterMemory>();
  let thawed: Promise<void> = Promise.resolve();
  let thaw = () => {};
  const store: LimiterStore = (options) => {
    const name = options.keyPrefix ?? '';
    let counter = counters.get(name);
    if (!counter) {
      counter = new RateLimiterMemory(options);
      counters.set(name, counter);
    }
    return intercepted(counter, async (call) => {
      await thawed;
      return call();
    });
  };
  return {
    store,
    freeze() {
      thawed = new Promise((resolve) => {
        thaw = resolve;
      });
    },
    thaw: () => thaw(),
  };
}
