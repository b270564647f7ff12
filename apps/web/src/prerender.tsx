// The build's prerender entry (apps/web/build-plugins.ts): renders a public page in Node at a
// URL, signed out and in English, so its shell (dist/shells/<segment>.html) carries the page's
// HTML and styles and the browser paints it before any script has run; main.tsx then hydrates
// it. Never part of the browser bundle.
import './lib/zod-config';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';
import { loadNamespace } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';

export interface Prerendered {
  /** The content of <div id="root">. */
  html: string;
  /** One <style> element in emotion's server format, which the browser's emotion adopts. */
  styles: string;
}

/**
 * Renders `url` once every lazy screen and bar has loaded (React's prerender waits for
 * Suspense). Data from the API is not fetched: those parts show their placeholders, exactly as
 * the browser's first render does. `namespaces` are the long texts the page shows.
 */
export async function render(url: string, namespaces: string[] = []): Promise<Prerendered> {
  await Promise.all(namespaces.map((namespace) => loadNamespace(namespace)));
  // compat: the styles are collected in cache.inserted instead of written inline beside each
  // element, so they can go into one <style> in <head>.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, null);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <App router={router} queryClient={queryClient} />
      </CacheProvider>
    </StrictMode>,
    {
      // A part that fails would be left to the browser with an inline script, which the CSP
      // refuses: the build fails instead.
      onError: (error) => void errors.push(error),
      // Never split a large part out to be revealed by an inline script either: one document.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) {
    throw new Error(`prerendering ${url} failed`, { cause: errors[0] });
  }
  const html = await new Response(prelude).text();
  queryClient.clear();

  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  return { html, styles: `<style data-emotion="css ${ids.join(' ')}">${css}</style>` };
}
