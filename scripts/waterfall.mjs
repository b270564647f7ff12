// `npm run waterfall`: the request waterfall of a signed-in screen on its first visit, as the
// demo client (or AS=business): the requests until the screen's first content paints, and the
// number of sequential round trips among those the page's code waits on (the document, scripts,
// styles and API calls; images and fonts are left out, nothing waits for them): the longest chain
// of such requests each of which started only after the one before it had answered (a request
// started while another was still on the wire does not wait for it). Gaps of main-thread work
// can make a request start after an unrelated one ended, so the count is an upper bound. Starts the production build the way `npm run audit:web` does
// (scripts/start.mjs builds what changed) on a free port with a fresh DATA_DIR and the demo seed.
//
//   npm run waterfall                        # /dashboard, until the first seller card
//   WATERFALL_PAGE=/inbox npm run waterfall  # another screen (waits for WATERFALL_READY)
//   WATERFALL_RUNS=5 npm run waterfall       # more runs (median of the counts)
//   WATERFALL_FIRST_VISIT=1 npm run waterfall  # without the language and time zone cookies
/* global document, MutationObserver, requestAnimationFrame, window -- run in the page */
import { chromium } from 'playwright-core';
import { chromiumPath, displayCookies, fetchServed, startProduct } from './product.mjs';

const PAGE = process.env.WATERFALL_PAGE ?? '/dashboard';
// What "the first content" is: a seller card on the directory.
const READY = process.env.WATERFALL_READY ?? 'main article';
const RUNS = Number(process.env.WATERFALL_RUNS ?? 3);
const AS = process.env.AS ?? 'buyer';
// A browser that has not yet named its language and time zone: the server sends the screen's
// shell, and the app draws it after the session and the data have answered.
const FIRST_VISIT = process.env.WATERFALL_FIRST_VISIT === '1';
const WAITED_ON = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);

/**
 * The longest chain of requests in which each one started after the previous one had ended:
 * the round trips the page made one after another.
 */
function sequentialRoundTrips(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map();
  const chainOf = new Map();
  for (const request of sorted) {
    let best = 0;
    let before;
    for (const earlier of sorted) {
      if (earlier === request || earlier.end > request.start) continue;
      if ((depth.get(earlier) ?? 0) > best) {
        best = depth.get(earlier);
        before = earlier;
      }
    }
    depth.set(request, best + 1);
    chainOf.set(request, before);
  }
  let last;
  for (const request of sorted) if (!last || depth.get(request) > depth.get(last)) last = request;
  const chain = [];
  for (let request = last; request; request = chainOf.get(request)) chain.unshift(request);
  return chain;
}

const chromePath = chromiumPath('The waterfall');

const product = await startProduct('maya-waterfall');
const browser = await chromium.launch({ executablePath: chromePath });
const counts = [];
try {
  const login = await fetchServed(`${product.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.url },
    body: JSON.stringify({ email: product.accounts[AS], password: product.demoPassword }),
  });
  if (!login.ok) throw new Error(`signing in: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('maya_session='));
  const [name, value] = cookie.split('=');

  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context each time: an empty cache, as on a first visit.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    // The session, and the language and time zone the app wrote when it signed in
    // (apps/web/src/lib/display-cookies.ts).
    await context.addCookies([
      { name, value, url: product.url },
      ...(FIRST_VISIT
        ? []
        : Object.entries(displayCookies()).map(([cookieName, cookieValue]) => ({
            name: cookieName,
            value: cookieValue,
            url: product.url,
          }))),
    ]);
    const page = await context.newPage();
    const requests = [];
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      if (!WAITED_ON.has(request.resourceType())) return;
      requests.push({
        url: request.url().replace(product.url, ''),
        start: timing.startTime,
        end: timing.startTime + timing.responseEnd,
      });
    });
    // When the first content paints, seen from inside the page: the frame after it enters the
    // document (from the HTML a screen the server drew, or from the app's first render), on the
    // page's own clock, before any of its scripts could hold the main thread.
    await page.addInitScript((selector) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__firstContentAt = performance.timeOrigin + performance.now();
        });
      });
      observer.observe(document, { childList: true, subtree: true });
    }, READY);
    const opened = Date.now();
    await page.goto(`${product.url}${PAGE}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstContentAt !== undefined, undefined, {
      timeout: 30_000,
    });
    const painted = await page.evaluate(() => window.__firstContentAt);
    // Requests finishing is reported a little after they end: wait for the stragglers.
    await page.waitForLoadState('load');
    const before = requests.filter((request) => request.end <= painted);
    const chain = sequentialRoundTrips(before);
    counts.push(chain.length);
    console.log(
      `\nRun ${run + 1}: ${PAGE} as the demo ${AS}: first content after ${Math.round(painted - opened)} ms, ` +
        `${before.length} requests before it, ${chain.length} sequential round trips` +
        `${FIRST_VISIT ? ' (without the display cookies)' : ''}:`,
    );
    for (const request of chain) {
      console.log(
        `  ${String(Math.round(request.start - opened)).padStart(5)}–${String(Math.round(request.end - opened)).padEnd(5)} ms  ${request.url}`,
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
const sorted = [...counts].sort((a, b) => a - b);
console.log(
  `\n${PAGE}: sequential round trips before the first content, median of ${RUNS}: ${sorted[Math.floor(sorted.length / 2)]} (${counts.join(', ')})`,
);
