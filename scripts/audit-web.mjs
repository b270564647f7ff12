// `npm run audit:web`: Lighthouse (mobile preset) on every public page of the production build,
// and on every signed-in screen as the demo client and as the demo business.
// Starts the product the way `npm start` does (scripts/start.mjs builds the web app when its
// sources changed) on a free port with a fresh DATA_DIR and the demo seed, audits each page
// three times in headless Chromium, prints the median scores, writes every run to
// bench/results/lighthouse-<time>.json and exits 1 when a median is below its threshold.
// A signed-in screen is audited with the session cookie of a sign-in over the API, put in the
// browser's cookie jar (beside the language and time zone cookies the app writes when it signs
// in), so the page and its own requests carry it as a signed-in browser's do; before the audits the client and the business exchange a few
// messages, so /inbox lists a chat and /inbox/{id} opens it.
//
//   npm run audit:web                      # every page, public and signed in
//   AUDIT_PAGES=/,/pricing npm run audit:web   # some pages
//   AUDIT_PAGES=/dashboard AUDIT_AS=buyer npm run audit:web   # one screen as one account
//   AUDIT_AS=none npm run audit:web        # the public pages alone
//   AUDIT_RUNS=1 npm run audit:web         # quicker, noisier
//   AUDIT_SAVE_LHR=/tmp/lhr npm run audit:web  # keep every full report
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  chromiumPath,
  displayCookies,
  fetchServed,
  signedInAccounts,
  startProduct,
} from './product.mjs';

const THRESHOLDS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
// A signed-in screen is not for search engines (it is not indexed); it must be fast on a phone.
const SIGNED_IN_THRESHOLDS = { performance: 95, accessibility: 100 };
/** Metric limits for the signed-in screens (medians): LCP and TBT in ms, CLS ×1000. */
const SIGNED_IN_METRIC_LIMITS = { LCP: 2500, TBT: 200, 'CLS×1000': 0 };
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
/** What the app writes when it starts (apps/web/src/lib/display-cookies.ts). */
const DISPLAY_COOKIES = displayCookies();
const ONLY = process.env.AUDIT_PAGES?.split(',');
// AUDIT_AS=none audits the public pages alone.
const ACCOUNTS = (process.env.AUDIT_AS ?? 'buyer,business')
  .split(',')
  .filter((as) => ['buyer', 'business'].includes(as));
const PUBLIC_PAGES = [
  '/',
  '/About',
  '/pricing',
  '/ranking',
  '/monetization',
  '/privacy',
  '/terms',
  '/sellerauth',
  '/buyerauth',
  '/signin',
  '/sellers/:id',
];
// /inbox/:chatId is a chat of the demo client with the demo business.
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/sellers',
  '/inbox',
  '/inbox/:chatId',
  '/assistant',
  '/account',
];
const pages = [
  ...PUBLIC_PAGES.filter((page) => !ONLY || ONLY.includes(page)).map((page) => ({ page })),
  ...SIGNED_IN_PAGES.filter((page) => !ONLY || ONLY.includes(page)).flatMap((page) =>
    ACCOUNTS.map((as) => ({ page, as })),
  ),
];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// The metrics behind the performance score (CLS ×1000), printed so a low score says why.
const METRICS = {
  FCP: ['first-contentful-paint', 1],
  LCP: ['largest-contentful-paint', 1],
  TBT: ['total-blocking-time', 1],
  SI: ['speed-index', 1],
  'CLS×1000': ['cumulative-layout-shift', 1000],
};

/**
 * One Lighthouse run. Chromium occasionally reports no navigation start (NO_NAVSTART) or a
 * similar trace hiccup, at times several in a row; such a run is repeated, up to
 * four times, rather than counted.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
    });
    if (!lhr.runtimeError) return lhr;
    if (attempt >= 5 || !/NAVSTART|TRACE|NO_FCP/.test(lhr.runtimeError.code ?? '')) {
      throw new Error(`${url}: ${lhr.runtimeError.message}`);
    }
    console.log(`${url}: ${lhr.runtimeError.code}, run again`);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const chromePath = chromiumPath('The audit');

// The server gets the CPU after the browser: a phone never shares its CPU with the server, and
// Lighthouse multiplies the page's task times, so time the page spent waiting for a core the
// server held would count as the page's own blocking time.
const product = await startProduct('maya-audit', { niceness: 10 });
let chrome;
let cdp;
const results = [];
try {
  const sellers = await fetchServed(`${product.url}/api/v1/users?role=seller&limit=1`).then((r) =>
    r.json(),
  );
  const sellerId = sellers.items?.[0]?.id;
  if (!sellerId) throw new Error('the demo seed has no seller');
  const signedIn = pages.some(({ as }) => as) ? await signedInAccounts(product) : undefined;
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  // The same browser over the DevTools protocol, to set its cookies between audits.
  cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const jar = cdp.contexts()[0];

  for (const { page, as } of pages) {
    const path = page.replace(':id', sellerId).replace(':chatId', signedIn?.chatId ?? '');
    const label = as ? `${page} (${as})` : page;
    // Lighthouse keeps cookies between runs: a public page is audited with none, a signed-in
    // screen with the account's session and the display cookies the app wrote when it signed in.
    await jar.clearCookies();
    if (as) {
      const [name, value] = signedIn[as].cookie.split('=');
      await jar.addCookies(
        [[name, value], ...Object.entries(DISPLAY_COOKIES)].map(([cookieName, cookieValue]) => ({
          name: cookieName,
          value: cookieValue,
          url: product.url,
        })),
      );
    }
    const thresholds = as ? SIGNED_IN_THRESHOLDS : THRESHOLDS;
    // The server's first answer for a page runs code it has not compiled yet; a deployed server
    // has answered it many times. One request first, not measured, so TTFB is a warm server's.
    await fetch(`${product.url}${path}`, {
      headers: as ? { cookie: signedIn[as].cookie } : {},
    }).then((response) => response.arrayBuffer());
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const lhr = await audit(`${product.url}${path}`, chrome.port);
      if (process.env.AUDIT_SAVE_LHR) {
        await mkdir(process.env.AUDIT_SAVE_LHR, { recursive: true });
        const name = `${page.replaceAll('/', '_').replaceAll(':', '') || '_'}${as ? `-${as}` : ''}-${run + 1}.json`;
        await writeFile(join(process.env.AUDIT_SAVE_LHR, name), JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(
        Object.keys(thresholds).map((id) => [id, Math.round(lhr.categories[id].score * 100)]),
      );
      // What cost points, so a failure says where to look.
      const lost = Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual',
        )
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([name, [id, scale]]) => [
          name,
          Math.round(lhr.audits[id].numericValue * scale),
        ]),
      );
      runs.push({ scores, lost, metrics });
    }
    const medians = Object.fromEntries(
      Object.keys(thresholds).map((id) => [id, median(runs.map((run) => run.scores[id]))]),
    );
    const metricMedians = Object.fromEntries(
      Object.keys(METRICS).map((name) => [name, median(runs.map((run) => run.metrics[name]))]),
    );
    results.push({ page, as, path: as ? page : path, medians, metrics: metricMedians, runs });
    console.log(
      `${label}: ${JSON.stringify(medians)} — ${Object.entries(metricMedians)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')}`,
    );
  }
} finally {
  if (cdp) await cdp.close().catch(() => undefined);
  if (chrome) await chrome.kill();
  await product.stop();
}

console.log(`\nLighthouse ${RUNS}× per page, mobile preset, medians:`);
console.table(
  Object.fromEntries(
    results.map(({ page, as, medians, metrics }) => [
      as ? `${page} (${as})` : page,
      {
        Performance: medians.performance,
        Accessibility: medians.accessibility,
        'Best Practices': medians['best-practices'] ?? '',
        SEO: medians.seo ?? '',
        'LCP ms': metrics.LCP,
        'TBT ms': metrics.TBT,
        'CLS×1000': metrics['CLS×1000'],
      },
    ]),
  ),
);

const failures = results.flatMap(({ page, as, medians, metrics, runs }) => {
  const label = as ? `${page} (${as})` : page;
  const lostOn = `lost points on: ${[...new Set(runs.flatMap((run) => run.lost))].join(', ')}`;
  return [
    ...Object.entries(as ? SIGNED_IN_THRESHOLDS : THRESHOLDS)
      .filter(([id, minimum]) => medians[id] < minimum)
      .map(([id, minimum]) => `${label}: ${id} ${medians[id]} < ${minimum}; ${lostOn}`),
    ...Object.entries(as ? SIGNED_IN_METRIC_LIMITS : {})
      .filter(([name, maximum]) => metrics[name] > maximum)
      .map(([name, maximum]) => `${label}: ${name} ${metrics[name]} > ${maximum}`),
  ];
});

const resultsDir = join('bench', 'results');
await mkdir(resultsDir, { recursive: true });
const file = join(resultsDir, `lighthouse-${new Date().toISOString().replaceAll(':', '-')}.json`);
await writeFile(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      runsPerPage: RUNS,
      thresholds: THRESHOLDS,
      signedInThresholds: { ...SIGNED_IN_THRESHOLDS, ...SIGNED_IN_METRIC_LIMITS },
      results,
    },
    null,
    2,
  ),
);
console.log(`Written to ${file}`);

if (failures.length > 0) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('All pages meet the thresholds.');
