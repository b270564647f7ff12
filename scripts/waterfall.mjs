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
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const PAGE = process.env.WATERFALL_PAGE ?? '/dashboard';
// What "the first content" is: a seller card on the directory.
const READY = process.env.WATERFALL_READY ?? 'main article';
const RUNS = Number(process.env.WATERFALL_RUNS ?? 3);
const AS = process.env.AS ?? 'buyer';
const WAITED_ON = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function startProduct() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-waterfall-'));
  const password = randomBytes(12).toString('base64url');
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
      DEMO_PASSWORD: password,
    },
    detached: true,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    output += chunk.toString();
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
    const found = /sign in as (\S+) \(client\) or (\S+) \(business\)/.exec(output);
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready && found) {
      return { url, stop, password, accounts: { buyer: found[1], business: found[2] } };
    }
    await sleep(250);
  }
  await stop();
  throw new Error('the server was not ready within 300 s');
}

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

const chromePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!chromePath) {
  console.error('The waterfall needs Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  process.exit(1);
}

const product = await startProduct();
const browser = await chromium.launch({ executablePath: chromePath });
const counts = [];
try {
  const login = await fetch(`${product.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.url },
    body: JSON.stringify({ email: product.accounts[AS], password: product.password }),
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
    await context.addCookies([{ name, value, url: product.url }]);
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
    const opened = Date.now();
    await page.goto(`${product.url}${PAGE}`);
    await page.waitForSelector(READY, { timeout: 30_000 });
    const painted = Date.now();
    const before = requests.filter((request) => request.end <= painted);
    const chain = sequentialRoundTrips(before);
    counts.push(chain.length);
    console.log(
      `\nRun ${run + 1}: ${PAGE} as the demo ${AS}: first content after ${painted - opened} ms, ` +
        `${before.length} requests before it, ${chain.length} sequential round trips:`,
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
