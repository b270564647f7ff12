// The provider MUI's own ThemeProvider hands a theme without colour schemes to; importing it
// directly keeps the CSS-variables provider, which this theme never uses, out of the first script.
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { lazy } from '../lib/lazy';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { LanguageProvider } from '../lib/i18n/language-provider';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';
import { theme } from './theme';

const Toasts = lazy(() => import('./toasts'));

/**
 * True once the page has loaded and the browser is idle: the toast container (and its
 * stylesheet) stay off the first paint's network and main thread. Toasts raised before it
 * mounts wait in react-toastify's queue.
 */
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const start = () => {
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => setReady(true), { timeout: 2000 })
          : window.setTimeout(() => setReady(true), 500);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return ready;
}

export interface AppProps {
  /** The prerender (src/prerender.tsx) renders a memory router at a given URL. */
  router?: RouterProviderProps['router'];
  /** main.tsx seeds it when it hydrates a prerendered page (signed out until the session answers). */
  queryClient?: QueryClient;
}

/**
 * The toasts, once the page has loaded. Its own component: the moment they mount re-renders it
 * alone, never the providers above the whole page (a new render there would make React walk
 * every component that reads a context, a tenth of a second on a phone).
 */
function ToastsAfterLoad() {
  const afterLoad = useAfterLoad();
  return afterLoad ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function App({ router: givenRouter, queryClient: givenClient }: AppProps = {}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [router] = useState(() => givenRouter ?? createAppRouter());
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <RouterProvider router={router} />
          <ToastsAfterLoad />
        </ThemeProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
