import './lib/zod-config';
import { sendEarlySession } from './lib/early-session';
import { pageModules } from './lib/page-modules';

// A public page arrives prerendered (apps/web/build-plugins.ts): the HTML is the page, so it is
// painted before the app's code runs (boot.tsx, downloaded beside this script), which then
// hydrates it. Any other page has nothing to paint yet and starts at once.
const prerendered = document.getElementById('root')?.dataset.route !== undefined;
// A page that is not prerendered waits for the session first: ask for it now.
sendEarlySession(prerendered);
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The chunks the page needs next, fetched side by side. The links go into <head> in one
 * insertion: one by one, each would make the browser look at the whole (large, prerendered)
 * document again.
 */
function preloadPageModules() {
  const links = document.createDocumentFragment();
  for (const href of pageModules()) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}

void (prerendered ? afterPaint().then(preloadPageModules) : Promise.resolve()).then(
  () => import('./boot'),
);

// The service worker registers once the page has loaded and is live, from a chunk of its own.
if (import.meta.env.PROD) {
  addEventListener(
    'load',
    () => void import('./lib/service-worker').then((worker) => worker.registerServiceWorker()),
    { once: true },
  );
}
