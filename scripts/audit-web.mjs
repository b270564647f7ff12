// `npm run audit:web`: Lighthouse (mobile preset) on every public page of the production build.
// Starts the product the way `npm start` does (scripts/start.mjs builds the web app when its
// sources changed) on a free port with a fresh DATA_DIR and the demo seed, audits each page
// three times in headless Chromium, prints the median scores, writes every run to
// bench/results/lighthouse-<time>.json and exits 1 when a median is below its threshold.
//
//   npm run audit:web                      # every public page
//   AUDIT_PAGES=/,/pricing npm run audit:web   # some pages
//   AUDIT_RUNS=1 npm run audit:web         # quicker, noisier
//   AUDIT_SAVE_LHR=/tmp/lhr npm run audit:web  # keep every full report
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const THRESHOLDS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const PAGES = process.env.AUDIT_PAGES?.split(',') ?? [
  '/',
  '/About',
  '/pricing',
  '/monetization',
  '/privacy',
  '/terms',
  '/sellerauth',
  '/buyerauth',
  '/sellers/:id',
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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The product as `npm start` runs it, in its own process group so it can be stopped whole. */
async function startProduct() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-audit-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    },
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return { url, stop };
    await sleep(250);
  }
  await stop();
  throw new Error('the server was not ready within 300 s');
}

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
 * similar trace hiccup; such a run is repeated, up to twice, rather than counted.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!lhr.runtimeError) return lhr;
    if (attempt >= 3 || !/NAVSTART|TRACE|NO_FCP/.test(lhr.runtimeError.code ?? '')) {
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

const chromePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!chromePath) {
  console.error('The audit needs Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  process.exit(1);
}

const product = await startProduct();
let chrome;
const results = [];
try {
  const sellers = await fetch(`${product.url}/api/v1/users?role=seller&limit=1`).then((r) =>
    r.json(),
  );
  const sellerId = sellers.items?.[0]?.id;
  if (!sellerId) throw new Error('the demo seed has no seller');
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });

  for (const page of PAGES) {
    const path = page.replace(':id', sellerId);
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const lhr = await audit(`${product.url}${path}`, chrome.port);
      if (process.env.AUDIT_SAVE_LHR) {
        await mkdir(process.env.AUDIT_SAVE_LHR, { recursive: true });
        const name = `${path.replaceAll('/', '_') || '_'}-${run + 1}.json`;
        await writeFile(join(process.env.AUDIT_SAVE_LHR, name), JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(
        Object.keys(THRESHOLDS).map((id) => [id, Math.round(lhr.categories[id].score * 100)]),
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
      Object.keys(THRESHOLDS).map((id) => [id, median(runs.map((run) => run.scores[id]))]),
    );
    results.push({ page, path, medians, runs });
    const metricMedians = Object.keys(METRICS).map(
      (name) => `${name} ${median(runs.map((run) => run.metrics[name]))}`,
    );
    console.log(`${page}: ${JSON.stringify(medians)} — ${metricMedians.join(', ')}`);
  }
} finally {
  if (chrome) await chrome.kill();
  await product.stop();
}

console.log(`\nLighthouse ${RUNS}× per page, mobile preset, medians:`);
console.table(
  Object.fromEntries(
    results.map(({ page, medians }) => [
      page,
      {
        Performance: medians.performance,
        Accessibility: medians.accessibility,
        'Best Practices': medians['best-practices'],
        SEO: medians.seo,
      },
    ]),
  ),
);

const failures = results.flatMap(({ page, medians, runs }) =>
  Object.entries(THRESHOLDS)
    .filter(([id, minimum]) => medians[id] < minimum)
    .map(
      ([id, minimum]) =>
        `${page}: ${id} ${medians[id]} < ${minimum}; lost points on: ${[...new Set(runs.flatMap((run) => run.lost))].join(', ')}`,
    ),
);

const resultsDir = join('bench', 'results');
await mkdir(resultsDir, { recursive: true });
const file = join(resultsDir, `lighthouse-${new Date().toISOString().replaceAll(':', '-')}.json`);
await writeFile(
  file,
  JSON.stringify(
    { date: new Date().toISOString(), runsPerPage: RUNS, thresholds: THRESHOLDS, results },
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
