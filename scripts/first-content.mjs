// `npm run first-content`: how long each public page and signed-in screen takes to show the
// content it exists for (the price, the first card, the last message, Maya's greeting), in
// Chromium with the CPU slowed 4× (as a mid-range phone), beside the page's Largest Contentful
// Paint and the time its long tasks held the main thread (each task's time over 50 ms, summed from
// navigation until the screen has been live for 1.5 s: Total Blocking Time as the throttled
// browser itself measures it, where Lighthouse estimates it from an unthrottled run). A page marks that content with `data-first-content`; a page that does not mark it is
// read by the selector listed below. Starts the product the way `npm run audit:web` does
// (scripts/start.mjs builds what changed) on a free port with a fresh DATA_DIR and the demo seed;
// the signed-in screens are opened as the demo client and the demo business, with a chat of a
// few messages between them. Prints a table of medians and writes every run as JSON.
//
//   npm run first-content                          # every page, 3 runs each
//   FIRST_CONTENT_PAGES=/pricing,/ npm run first-content
//   FIRST_CONTENT_RUNS=5 npm run first-content
//   FIRST_CONTENT_OUT=/tmp/after.json npm run first-content   # where the JSON goes
/* global document, MutationObserver, requestAnimationFrame, window -- run in the page */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  chromiumPath,
  displayCookies,
  fetchServed,
  signedInAccounts,
  startProduct,
} from './product.mjs';

const RUNS = Number(process.env.FIRST_CONTENT_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.FIRST_CONTENT_CPU ?? 4);
const ONLY = process.env.FIRST_CONTENT_PAGES?.split(',');
const TIMEOUT = 30_000;

/**
 * Each page, and the content it exists for when the page does not mark it with
 * data-first-content: a selector, and text that element must hold (a price has a digit).
 */
const PUBLIC_PAGES = [
  { page: '/', content: 'main h1' },
  { page: '/About', content: 'main h1' },
  { page: '/pricing', content: 'section[aria-labelledby="plan-pro"] p', text: '\\d' },
  { page: '/ranking', content: 'main h1' },
  { page: '/monetization', content: 'main h1' },
  { page: '/privacy', content: 'main h1' },
  { page: '/terms', content: 'main h1' },
  { page: '/buyerauth', content: 'main input[type="email"]' },
  { page: '/signin', content: 'main input[type="email"]' },
  { page: '/sellers/:id', content: 'main h1' },
];
const SIGNED_IN_PAGES = [
  { page: '/dashboard', content: 'main article' },
  { page: '/inbox', content: 'main [aria-label] li [class*="ListItemText"]' },
  { page: '/inbox/:chatId', content: 'main [role="log"] ol > li:last-child', text: '\\S' },
  { page: '/assistant', content: 'main [role="log"] img[src="/maya.svg"] ~ p', text: '\\S' },
  { page: '/account', content: 'main input[value]:not([value=""])' },
];

const chromePath = chromiumPath('first-content');

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Installed before the page's own scripts: when the content is first in the document (drawn
 * by the server or by the app), the next frame's time on the page's clock; and the page's LCP.
 */
function watchPage({ content, text }) {
  const pattern = text ? new RegExp(text) : undefined;
  const found = () => {
    const candidates = [
      ...document.querySelectorAll('[data-first-content]'),
      ...document.querySelectorAll(content),
    ];
    return candidates.some(
      (element) => !pattern || pattern.test(element.textContent ?? element.value ?? ''),
    );
  };
  window.__lcp = null;
  window.__blocking = 0;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__blocking += Math.max(0, task.duration - 50);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (window.__contentAt !== undefined || !found()) return false;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__contentAt = performance.now();
    });
    return true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

const product = await startProduct('maya-first-content', { niceness: 10 });
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const results = [];
try {
  const { buyer, business, chatId } = await signedInAccounts(product);
  const sellers = await fetchServed(`${product.url}/api/v1/users?role=seller&limit=1`).then((r) =>
    r.json(),
  );
  const sellerId = sellers.items?.[0]?.id;
  const sessions = { buyer, business };
  const jobs = [
    ...PUBLIC_PAGES.map((entry) => ({ ...entry })),
    ...SIGNED_IN_PAGES.flatMap((entry) => ['buyer', 'business'].map((as) => ({ ...entry, as }))),
  ].filter((job) => !ONLY || ONLY.includes(job.page));

  for (const job of jobs) {
    const path = job.page.replace(':id', sellerId).replace(':chatId', chatId);
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh context each time: an empty cache, as on a first visit; the display cookies
      // the app writes when it starts, as on any visit but the very first.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const cookies = Object.entries(displayCookies()).map(([name, value]) => ({
        name,
        value,
        url: product.url,
      }));
      if (job.as) {
        const [name, value] = sessions[job.as].cookie.split('=');
        cookies.push({ name, value, url: product.url });
      }
      await context.addCookies(cookies);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.addInitScript(watchPage, { content: job.content, text: job.text });
      let status = null;
      let contentMs = null;
      let lcpMs = null;
      let blockingMs = null;
      try {
        const response = await page.goto(`${product.url}${path}`, { waitUntil: 'commit' });
        status = response?.status() ?? null;
        await page.waitForFunction(() => window.__contentAt !== undefined, undefined, {
          timeout: TIMEOUT,
        });
        contentMs = Math.round(await page.evaluate(() => window.__contentAt));
        await page.waitForLoadState('load');
        // The screen is live once it has hydrated (the router marks <html data-ready>); LCP
        // settles once the page stops painting larger things: give both a moment.
        await page
          .waitForSelector('html[data-ready]', { state: 'attached', timeout: TIMEOUT })
          .catch(() => undefined);
        await page.waitForTimeout(1500);
        const { lcp, blocking } = await page.evaluate(() => ({
          lcp: window.__lcp,
          blocking: window.__blocking,
        }));
        lcpMs = lcp === null ? null : Math.round(lcp);
        blockingMs = Math.round(blocking);
      } catch (error) {
        console.error(`${path}${job.as ? ` as ${job.as}` : ''}: ${error.message.split('\n')[0]}`);
      }
      runs.push({ status, contentMs, lcpMs, blockingMs });
      await context.close();
    }
    const result = {
      page: job.page,
      as: job.as ?? 'visitor',
      contentMs: median(runs.map((run) => run.contentMs)),
      lcpMs: median(runs.map((run) => run.lcpMs)),
      blockingMs: median(runs.map((run) => run.blockingMs)),
      runs,
    };
    results.push(result);
    console.log(
      `${`${job.page} (${result.as})`.padEnd(32)} content ${String(result.contentMs ?? '—').padStart(6)} ms   LCP ${String(result.lcpMs ?? '—').padStart(6)} ms   blocking ${String(result.blockingMs ?? '—').padStart(5)} ms`,
    );
  }
} finally {
  await browser.close();
  await product.stop();
}

const out =
  process.env.FIRST_CONTENT_OUT ??
  join('bench', 'results', `first-content-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await mkdir(dirname(out), { recursive: true });
await writeFile(
  out,
  `${JSON.stringify({ cpuSlowdown: CPU_SLOWDOWN, runs: RUNS, pages: results }, null, 2)}\n`,
);
console.log(`\nMedians of ${RUNS} runs, CPU ${CPU_SLOWDOWN}× slower; every run in ${out}`);
if (results.some((result) => result.contentMs === null && !(result.page === '/ranking'))) {
  process.exitCode = 1;
}
