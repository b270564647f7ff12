import { useSyncExternalStore } from 'react';

/** A store that never changes: for `useSyncExternalStore` reading what hydration alone changes. */
export const noSubscription = () => () => undefined;

/**
 * False while a page is rendered on the server and while the browser hydrates it, true from
 * then on: a part that only a browser can draw (a map) renders after hydration, so the server's
 * HTML and the hydrating render agree.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
