import { AppError } from './app-error.js';

export interface Throttle {
  /** Throws RATE_LIMITED when the key's window has no room for `amount` more (default 1). */
  check(key: string, amount?: number): void;
  hit(key: string, amount?: number): void;
  reset(key: string): void;
  /** How many hits the key has in its current window. */
  count(key: string): number;
}

/**
 * A fixed-window counter per key. Windows expire, so nothing is ever locked for good. Kept in
 * memory; a multi-process deployment swaps in a shared store behind the same interface.
 */
export function createThrottle(options: {
  max: number;
  windowMs: number;
  message: string;
  /** The clock, replaceable in tests. */
  now?: () => number;
}): Throttle {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  function current(key: string, at: number) {
    const window = windows.get(key);
    if (window && window.resetAt > at) return window;
    if (window) windows.delete(key);
    return undefined;
  }

  const sweep = setInterval(() => {
    const at = now();
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }, options.windowMs);
  sweep.unref();

  return {
    check(key, amount = 1) {
      const at = now();
      const window = current(key, at);
      if ((window?.count ?? 0) + amount > options.max) {
        const resetAt = window?.resetAt ?? at + options.windowMs;
        const seconds = Math.max(1, Math.ceil((resetAt - at) / 1000));
        throw new AppError(
          'RATE_LIMITED',
          options.message.replace('{seconds}', String(seconds)),
          undefined,
          {
            'retry-after': String(seconds),
          },
        );
      }
    },
    hit(key, amount = 1) {
      const at = now();
      const window = current(key, at);
      if (window) window.count += amount;
      else windows.set(key, { count: amount, resetAt: at + options.windowMs });
    },
    count(key) {
      return current(key, now())?.count ?? 0;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
