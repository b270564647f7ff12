import { AppError } from './app-error.js';
import { memoryStore, reportRefusal, type LimiterStore } from './limiter.js';

export interface Throttle {
  /** Throws RATE_LIMITED when the key's window has no room for `amount` more (default 1). */
  check(key: string, amount?: number): Promise<void>;
  hit(key: string, amount?: number): Promise<void>;
  reset(key: string): Promise<void>;
  /** How many hits the key has in its current window. */
  count(key: string): Promise<number>;
}

/**
 * A fixed-window budget per key, checked before a write and counted after it, so a request the
 * budget cannot hold writes nothing (an all-or-nothing save checks its whole size first). The
 * counts live in a rate-limiter-flexible store: memory for one process, Redis or PostgreSQL when
 * several share them. Windows expire, so nothing is ever locked for good.
 */
export function createThrottle(options: {
  /** Distinguishes this budget's keys in a shared store. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
  store?: LimiterStore;
}): Throttle {
  const limiter = (options.store ?? memoryStore)({
    keyPrefix: options.name,
    points: options.max,
    duration: options.windowMs / 1000,
  });

  return {
    async check(key, amount = 1) {
      const window = await limiter.get(key);
      if ((window?.consumedPoints ?? 0) + amount > options.max) {
        reportRefusal(options.store, options.name);
        const msLeft = window?.msBeforeNext ?? options.windowMs;
        const seconds = Math.max(1, Math.ceil(msLeft / 1000));
        throw new AppError(
          'RATE_LIMITED',
          options.message.replace('{seconds}', String(seconds)),
          undefined,
          { 'retry-after': String(seconds) },
        );
      }
    },
    async hit(key, amount = 1) {
      await limiter.penalty(key, amount);
    },
    async count(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
