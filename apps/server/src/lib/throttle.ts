import { AppError } from './app-error.js';

export interface Throttle {
  /** Throws RATE_LIMITED when the key has used up its window. */
  check(key: string): void;
  hit(key: string): void;
  reset(key: string): void;
}

/**
 * A fixed-window counter per key. Windows expire, so nothing is ever locked for good. Kept in
 * memory; a multi-process deployment swaps in a shared store behind the same interface.
 */
export function createThrottle(options: {
  max: number;
  windowMs: number;
  message: string;
}): Throttle {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function current(key: string, now: number) {
    const window = windows.get(key);
    if (window && window.resetAt > now) return window;
    if (window) windows.delete(key);
    return undefined;
  }

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, options.windowMs);
  sweep.unref();

  return {
    check(key) {
      const now = Date.now();
      const window = current(key, now);
      if (window && window.count >= options.max) {
        const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
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
    hit(key) {
      const now = Date.now();
      const window = current(key, now);
      if (window) window.count += 1;
      else windows.set(key, { count: 1, resetAt: now + options.windowMs });
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
