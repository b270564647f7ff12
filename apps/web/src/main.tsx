import './start/zod-config';
import { sendEarlySession } from './start/early-session';
import { pageModules } from './start/page-modules';

// A public page arrives prerendered (src/start/build-plugins.ts): the HTML is the page, so it is
// painted before the app's code runs (boot.tsx, downloaded beside this script), which then
// hydrates it. Any other page has nothing to paint yet and starts at once.
const root = document.getElementById('root');
const prerendered = root?.dataset.route !== undefined;
// A page that is not prerendered waits for the session first: ask for it now.
sendEarlySession(prerendered);
// ICU, behind every price and date the screen formats, is set up off the main thread
// (start/warm-intl.ts); a page that formats nothing at first (screens.json) has no use for it.
if (typeof Worker !== 'undefined' && root?.dataset.warmIntl !== 'no') {
  const warming = new Worker(new URL('./start/warm-intl.ts', import.meta.url), {
    type: 'module',
    name: document.documentElement.lang || 'en',
  });
  // Offline before it was ever fetched, the worker does not start: the screen sets ICU up itself.
  warming.addEventListener('error', (event) => event.preventDefault());
}
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// How many preload links go in at a time: each starts a fetch, which costs the main thread one to
// two milliseconds on a phone (more while the first paint's layout is still settling), so even 8
// at once can be a long task.
const PRELOAD_BATCH = 3;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The chunks the page needs next, fetched side by side. The links go into <head> a batch per task:
 * one by one, each would make the browser look at the whole (large, prerendered) document again;
 * all at once, the page would not answer a tap until the last fetch had started.
 */
async function preloadPageModules() {
  const hrefs = pageModules();
  for (let start = 0; start < hrefs.length; start += PRELOAD_BATCH) {
    if (start > 0) await nextTask();
    const links = document.createDocumentFragment();
    for (const href of hrefs.slice(start, start + PRELOAD_BATCH)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
  }
}

// The app's start runs in steps, a task apart. Each import evaluates the modules it brings that
// have not run yet (the languages, the query cache, React DOM, the theme), so the libraries the app
// starts with run in several short tasks instead of one long one, and a tap on the page is
// answered between them. The app's start (boot.tsx) then finds them evaluated.
const startSteps = [
  () => import('./lib/i18n'),
  () => import('./lib/query-client'),
  () => import('react-dom/client'),
  () => import('./app/theme'),
];
async function startApp() {
  for (const step of startSteps) {
    await step();
    await nextTask();
  }
  await import('./boot');
}
void (prerendered ? afterPaint().then(preloadPageModules) : Promise.resolve()).then(startApp);

// The service worker registers once the page has loaded and is live, from a chunk of its own.
if (import.meta.env.PROD) {
  addEventListener(
    'load',
    () => void import('./lib/service-worker').then((worker) => worker.registerServiceWorker()),
    { once: true },
  );
}
