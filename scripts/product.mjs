// The product as `npm start` runs it, for the scripts that measure it in a browser
// (audit-web.mjs, waterfall.mjs): a free port, a fresh DATA_DIR with the demo seed and a random
// demo password, and the demo accounts read from the server's console. Its maps draw tiles from
// a tile server of its own on another port, as a deployment's maps reach theirs (this machine
// may have no way out to OpenStreetMap, and a tile that cannot load is a console error).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * The display cookies the web app writes when it starts in English on this machine
 * (apps/web/src/lib/display-cookies.ts): the language, the time zone, and the zone's January and
 * July offsets. The browser the scripts start shares this process's zone.
 */
export function displayCookies() {
  const year = new Date().getFullYear();
  return {
    maya_lang: 'en',
    maya_tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    maya_tz_offsets: [0, 6].map((month) => new Date(year, month, 1).getTimezoneOffset()).join(','),
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A plain map tile (256×256, as tile servers draw them), for every tile asked for. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAIAAADTED8xAAAACXBIWXMAAAPoAAAD6AG1e1JrAAACAElEQVR42u3TQQkAAAgEweufVAzg27cZHJgEC5vqgbciAQYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABMIAKGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAbAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAGUAEDgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwAFwLiG8puQar4oYAAAAASUVORK5CYII=',
  'base64',
);

/** A tile server on a free port: MAP_TILE_URL's template for it, and how to stop it. */
async function startTileServer() {
  const server = createHttpServer((request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' });
    response.end(TILE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The product as `npm start` runs it, in its own process group so it can be stopped whole.
 * `niceness` starts it that much below this process's CPU priority (`nice -n`), with everything
 * it starts: a browser measured beside it then gets the CPU first, as a phone that never shares
 * one with the server would.
 */
export async function startProduct(name = 'maya-product', { niceness = 0 } = {}) {
  const tiles = await startTileServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  const demoPassword = randomBytes(12).toString('base64url');
  const [command, args] =
    niceness > 0
      ? ['nice', ['-n', String(niceness), process.execPath, 'scripts/start.mjs']]
      : [process.execPath, ['scripts/start.mjs']];
  const child = spawn(command, args, {
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
      DEMO_PASSWORD: demoPassword,
      MAP_TILE_URL: tiles.template,
    },
    detached: true,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  // The server names the demo accounts on its console once seeded: pass it on and read them.
  let console_ = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    console_ += chunk.toString();
  });
  const demoAccounts = () => {
    const found = /sign in as (\S+) \(client\) or (\S+) \(business\)/.exec(console_);
    return found ? { buyer: found[1], business: found[2] } : undefined;
  };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
    }
    await rm(dataDir, { recursive: true, force: true });
    await tiles.stop();
  };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready && demoAccounts()) return { url, stop, accounts: demoAccounts(), demoPassword };
    await sleep(250);
  }
  await stop();
  throw new Error('the server was not ready within 300 s');
}

/** Chromium's path (CHROMIUM_PATH, or the distribution's), or an exit naming how to install it. */
export function chromiumPath(tool) {
  const path =
    process.env.CHROMIUM_PATH ??
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((each) => existsSync(each));
  if (!path) {
    console.error(`${tool} needs Chromium: apt-get install chromium, or set CHROMIUM_PATH`);
    process.exit(1);
  }
  return path;
}

/**
 * `fetch`, sent again while the server answers 503 with Retry-After (the embedded database is
 * busy while the demo seed and the first jobs run), after the seconds it names, as a client
 * should; up to ten times.
 */
export async function fetchServed(url, init) {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, init);
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status !== 503 || !(retryAfter > 0) || attempt === 10) return response;
    await response.arrayBuffer();
    await sleep(Math.min(retryAfter, 5) * 1000);
  }
}

/** Signs in over the API: the session cookie to send, and who signed in. */
export async function signIn(base, email, password) {
  const response = await fetchServed(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${email}: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('maya_session='));
  if (!cookie) throw new Error(`signing in as ${email} set no session cookie`);
  const { user } = await response.json();
  return { cookie, user };
}

/** A request as a signed-in browser makes it (the cookie, and a same-origin Origin for writes). */
export async function call(base, session, method, path, body) {
  const response = await fetchServed(`${base}/api/v1${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      origin: base,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The demo client and the demo business, signed in, with a chat of a few messages between them. */
export async function signedInAccounts(product) {
  const { accounts, demoPassword } = product;
  const buyer = await signIn(product.url, accounts.buyer, demoPassword);
  const business = await signIn(product.url, accounts.business, demoPassword);
  const { chat } = await call(product.url, buyer, 'POST', '/chats', {
    partnerId: business.user.id,
  });
  const lines = [
    [buyer, 'Hello! Are you free for a project next month?'],
    [business, 'Hi Ana, yes we are. What do you have in mind?'],
    [buyer, 'A new logo and a small website for my shop in Lisbon.'],
  ];
  for (const [from, body] of lines) {
    await call(product.url, from, 'POST', `/chats/${chat.id}/messages`, {
      body,
      clientId: randomUUID(),
    });
  }
  return { buyer, business, chatId: chat.id };
}
