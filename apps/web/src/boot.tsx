// The app's start, loaded by main.tsx: renders the page, or hydrates its prerendered HTML.
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import i18n, { languageReady, loadNamespace } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';
import { browserIdle } from './lib/when-idle';
import { takeHydrationTurns } from './start/hydration-turns';
import { adoptPageData } from './start/page-data';
import { pageModules } from './start/page-modules';
import { pageStylesCache } from './start/page-styles';
import { screenSettled } from './start/screen-ready';

const container = document.getElementById('root')!;
// A public page's shell holds the page prerendered at build time (src/start/build-plugins.ts):
// data-route is the route it was rendered for, data-namespaces the long texts it shows; a page
// the server rendered also names the query (data-search) and language (data-lang) it was drawn in.
const { route, namespaces = '', search = '', lang = 'en' } = container.dataset;
const queryClient = createQueryClient();
// A page the server rendered with API data (a seller's profile, a signed-in screen with the
// person's session and data) carries that data.
adoptPageData(queryClient);
const renderedSignedIn =
  route !== undefined && Boolean(queryClient.getQueryData(sessionQuery.queryKey));
// A signed-in screen the server did not render draws what it showed last time as soon as the
// session (asked for first thing by main.tsx) confirms it, from the cache this browser saved
// sealed for that live session (lib/persisted-cache.ts); its shell preloads that code. One the
// server rendered is fresher than that: it only keeps it saved.
const restored =
  route === undefined || renderedSignedIn
    ? import('./lib/persisted-cache')
        .then(({ restorePersistedCache }) =>
          restorePersistedCache(queryClient, { restore: !renderedSignedIn }),
        )
        .catch(() => undefined)
    : Promise.resolve();
if (route !== undefined) {
  // A prerendered public page is the signed-out one: show it as it is, and ask who is signed in
  // only once the page is hydrated and the browser is idle (an answer arriving mid-hydration
  // would change what the parts not yet hydrated draw, and they would no longer match their
  // HTML), then switch to the signed-in page if need be. A signed-in screen the server rendered
  // asks again then too.
  if (!renderedSignedIn) queryClient.setQueryData(sessionQuery.queryKey, null);
  void screenSettled
    .then(() => browserIdle(1000))
    .then(() => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }));
}
/** Resolves in a later task, once the browser has had the main thread back. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The HTML is this very page as the first render will draw it: the same language, path and
 * query (and, for a signed-in screen, the time zone the server drew its times in).
 */
const matchesPrerender = () =>
  route !== undefined &&
  i18n.language === lang &&
  window.location.search === search &&
  matchPath(route, window.location.pathname) !== null;

// A visitor who chose Portuguese sees Portuguese from the first paint of the app.
void languageReady.then(async () => {
  // The app's code (MUI, the router, the layout; preloaded beside this module) is evaluated in
  // a task of its own, and the page's screen and bars in another, so no single task holds the
  // main thread for all of it.
  await nextTask();
  const [{ App }] = await Promise.all([import('./app/app'), restored]);
  const app = (
    <StrictMode>
      <CacheProvider value={pageStylesCache()}>
        <App queryClient={queryClient} />
      </CacheProvider>
    </StrictMode>
  );
  if (!matchesPrerender()) {
    createRoot(container).render(app);
    return;
  }
  try {
    await nextTask();
    // Its texts, and every chunk the page is drawn with (the screen, the bars): hydration then
    // runs through the whole page at once, and no part is left waiting for its code while the
    // rest is live (a sign-in there would make the waiting part differ from its HTML).
    const texts = Promise.all(
      namespaces.split(' ').flatMap((name) => (name ? [loadNamespace(name)] : [])),
    );
    texts.catch(() => undefined);
    // One chunk per task: the browser has them all (main.tsx preloaded them), and imported at
    // once they would all be evaluated in one long task.
    for (const href of pageModules()) {
      await import(/* @vite-ignore */ href);
      await nextTask();
    }
    await texts;
  } catch {
    // Without its texts or code the page would not match its HTML: draw it afresh.
    createRoot(container).render(app);
    return;
  }
  // A transition: the hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page.
  takeHydrationTurns();
  startTransition(() => {
    hydrateRoot(container, app);
  });
});
