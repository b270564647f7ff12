import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../use-hydrated';
import { loadNamespace } from '.';

/**
 * The namespaces a page's HTML was drawn with: the server's render names those it loaded for the
 * page before drawing it (src/prerender.tsx); in the browser, the page names them
 * (`data-namespaces` on #root, which src/boot.tsx loads before hydrating). While hydrating, a part
 * that uses a namespace draws as the server did: the server's i18n keeps every namespace an
 * earlier request loaded, and the browser may have loaded one for a part hydrated a moment
 * before, so what happens to be loaded says nothing of the HTML.
 */
let drawnOnServer: ReadonlySet<string> = new Set();

export function setDrawnNamespaces(namespaces: Iterable<string>): void {
  drawnOnServer = new Set(namespaces);
}

function drawnWith(namespace: string): boolean {
  if (typeof document === 'undefined') return drawnOnServer.has(namespace);
  const named = document.getElementById('root')?.dataset.namespaces ?? '';
  return named.split(' ').includes(namespace);
}

/** Loads namespaces of long texts; true once all their strings are there in the current language. */
export function useNamespaces(namespaces: readonly string[]): boolean {
  const { i18n } = useTranslation();
  const key = namespaces.join(' ');
  const hydrated = useHydrated();
  const [, loaded] = useReducer((times: number) => times + 1, 0);
  useEffect(() => {
    // Offline, the texts stay away and the part keeps its placeholder; the next screen tries again.
    Promise.all(key.split(' ').map(loadNamespace)).then(loaded, () => undefined);
  }, [key, i18n.language]);
  return key
    .split(' ')
    .every((name) => i18n.hasResourceBundle(i18n.language, name) && (hydrated || drawnWith(name)));
}

/** Loads a namespace of long texts; true once its strings are there in the current language. */
export function useNamespace(namespace: string): boolean {
  return useNamespaces([namespace]);
}
