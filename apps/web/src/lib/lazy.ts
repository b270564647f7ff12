import { lazy as reactLazy, type ComponentType } from 'react';

/**
 * Loads a module; while the browser is offline, a failed load waits for the connection to come
 * back and tries again instead of failing. A screen or part whose code had not come yet when the
 * connection dropped then keeps its placeholder (and the screen what it shows) until it can load,
 * instead of giving way to the error screen. Online, a failure is thrown as it came.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (typeof navigator === 'undefined' || navigator.onLine) throw error;
      await new Promise<void>((resolve) => {
        window.addEventListener('online', () => resolve(), { once: true });
      });
    }
  }
}

/** React's `lazy`, its code loaded through `loadWhenOnline`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own signature
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return reactLazy(() => loadWhenOnline(load));
}
