import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a page is rendered on the server and while the browser hydrates it, true from
 * then on: a part that only a browser can draw (a map) renders after hydration, so the server's
 * HTML and the hydrating render agree.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
