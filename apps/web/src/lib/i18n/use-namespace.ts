import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '.';

/**
 * The namespaces a page's HTML was drawn with: the server's render names those it loaded for the
 * page before drawing it (src/prerender.tsx), the browser those the page names before hydrating
 * it (src/boot.tsx). While hydrating, a part that uses a namespace draws as the server did: the
 * server's i18n keeps every namespace an earlier request loaded, and the browser may have loaded
 * one for a part hydrated a moment before, so what happens to be loaded says nothing of the HTML.
 */
let drawnWith: ReadonlySet<string> = new Set();

export function setDrawnNamespaces(namespaces: Iterable<string>): void {
  drawnWith = new Set(namespaces);
}

/** Loads namespaces of long texts; true once all their strings are there in the current language. */
export function useNamespaces(namespaces: readonly string[]): boolean {
  const { i18n } = useTranslation();
  const key = namespaces.join(' ');
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.store.on('added', changed);
      i18n.on('languageChanged', changed);
      return () => {
        i18n.store.off('added', changed);
        i18n.off('languageChanged', changed);
      };
    },
    [i18n],
  );
  const has = () => key.split(' ').every((name) => i18n.hasResourceBundle(i18n.language, name));
  const loaded = useSyncExternalStore(subscribe, has, () =>
    key
      .split(' ')
      .every((name) => drawnWith.has(name) && i18n.hasResourceBundle(i18n.language, name)),
  );
  useEffect(() => {
    // Offline, the texts stay away and the part keeps its placeholder; the next screen tries again.
    Promise.all(key.split(' ').map(loadNamespace)).catch(() => undefined);
  }, [key, i18n.language]);
  return loaded;
}

/** Loads a namespace of long texts; true once its strings are there in the current language. */
export function useNamespace(namespace: string): boolean {
  return useNamespaces([namespace]);
}
