// The production path, as the Dockerfile takes it, without a container: a clean clone of HEAD,
// `npm ci` and `npm run build` there, then a copy holding only the build output and the manifests
// gets `npm ci --omit=dev`, and the built server starts from it on a free port. A smoke test
// (/readyz, a page, the API, a sign-in with the demo account) and a graceful stop follow: SIGTERM
// while a request is in flight must turn /readyz 503, let that request finish, and exit 0. Last,
// `npm run backup` before the stop, written by the running server; after it, `npm run restore`
// into a new DATA_DIR, and a start and a sign-in there. SIGTERM sent to the npm process of
// `npm run serve` and of `npm start`, as a supervisor sends it, must leave no process and no port.
//
//   node scripts/production-check.mjs            # from a clean clone of HEAD
//   PRODUCTION_CHECK_SOURCE=checkout node …      # from this checkout, installed (what CI runs:
//                                                # .ci/run's own checkout is clean and installed)
//   KEEP_PRODUCTION_CHECK=1 node scripts/…       # keep the temporary folder to look into
//
// The npm cache is reused (--prefer-offline), so a warm cache installs without the network.
import { spawn, spawnSync } from 'node:child_process';
import { cp, lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const repository = resolve(import.meta.dirname, '..');
const work = await mkdtemp(join(tmpdir(), 'maya-production-'));
// CI's checkout is a clean one with npm ci done: it is built and copied from where it is.
const fromCheckout = process.env.PRODUCTION_CHECK_SOURCE === 'checkout';
const source = fromCheckout ? repository : join(work, 'source');
const app = join(work, 'app');
const dataDir = join(work, 'data');
const npmFlags = ['--prefer-offline', '--no-audit', '--no-fund'];
const demoPassword = 'production-check-password';
const timings = [];
let server;

function step(name, action) {
  return async () => {
    const started = performance.now();
    process.stdout.write(`\n— ${name}\n`);
    await action();
    const seconds = (performance.now() - started) / 1000;
    timings.push([name, seconds]);
    process.stdout.write(`  ok (${seconds.toFixed(1)} s)\n`);
  };
}

function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** The bytes of the files under a folder (symbolic links counted as links, not followed). */
async function sizeOf(path) {
  const entries = await readdir(path, { withFileTypes: true });
  let bytes = 0;
  for (const entry of entries) {
    const child = join(path, entry.name);
    bytes += entry.isDirectory() ? await sizeOf(child) : (await lstat(child)).size;
  }
  return bytes;
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** The production server from the copy, with its JSON log kept to find the demo account in. */
async function startServer(port, overrides = {}) {
  const child = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      DEMO_PASSWORD: demoPassword,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SHUTDOWN_DELAY_MS: '1500',
      LOG_LEVEL: 'info',
      ...overrides,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => (log += chunk));
  const exit = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, url, exit, log: () => log };
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready within 120 s:\n${log}`);
}

/**
 * `npm <args>` in `cwd` as its own process group, as a supervisor starts it; resolves once the
 * server it runs answers /readyz. SIGTERM to npm's own process must drain the server: within the
 * drain time no process of the group is left and the port is closed.
 */
async function checkSigtermThroughNpm(args, cwd, overrides) {
  const port = await freePort();
  const child = spawn('npm', args, {
    cwd,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_DELAY_MS: '500',
      LOG_LEVEL: 'warn',
      ...overrides,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const groupAlive = () => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    const started = performance.now();
    for (;;) {
      check(child.exitCode === null, `npm ${args.join(' ')} exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      check(performance.now() - started < 120_000, `npm ${args.join(' ')}: not ready in 120 s`);
      await sleep(200);
    }
    const signalled = performance.now();
    child.kill('SIGTERM');
    // The drain: SHUTDOWN_DELAY_MS, then up to 10 s for open requests.
    while (groupAlive() && performance.now() - signalled < 10_500) await sleep(100);
    check(!groupAlive(), `a process of npm ${args.join(' ')} is left 10.5 s after SIGTERM`);
    const portOpen = await new Promise((done) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => (probe.destroy(), done(true)));
      probe.once('error', () => done(false));
    });
    check(!portOpen, `port ${port} is still open after npm ${args.join(' ')} stopped`);
    process.stdout.write(
      `  npm ${args.join(' ')}: gone ${Math.round(performance.now() - signalled)} ms after SIGTERM\n`,
    );
  } finally {
    if (groupAlive()) process.kill(-child.pid, 'SIGKILL');
  }
}

/**
 * A sign-in whose body arrives in two parts: in flight until `finish` sends the rest. Resolves
 * with the raw answer once the server has answered and closed or finished it.
 */
function slowSignIn(url, email) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ email, password: demoPassword });
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (answer += chunk));
  const answered = new Promise((done, fail) => {
    socket.once('error', fail);
    socket.once('close', () => done(answer));
  });
  const opened = new Promise((done) => socket.once('connect', done));
  return {
    async start() {
      await opened;
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body.slice(0, 10)}`,
      );
    },
    finish() {
      socket.write(body.slice(10));
      return answered;
    },
  };
}

const steps = [
  ...(fromCheckout
    ? []
    : [
        step('clean clone of HEAD', () =>
          run('git', ['clone', '--quiet', '--no-hardlinks', repository, source], work),
        ),
        step('npm ci (with devDependencies, to build)', () =>
          run('npm', ['ci', ...npmFlags], source),
        ),
      ]),
  step('npm run build', () => run('npm', ['run', 'build'], source)),
  step('a copy with the build output only, npm ci --omit=dev', async () => {
    for (const path of [
      'package.json',
      'package-lock.json',
      'packages/contracts/package.json',
      'apps/server/package.json',
      'apps/server/dist',
      'apps/web/package.json',
      'apps/web/dist',
      'apps/web/dist-ssr',
    ]) {
      await mkdir(join(app, path, '..'), { recursive: true });
      await cp(join(source, path), join(app, path), { recursive: true });
    }
    // The build bundles the contracts; npm still wants every workspace it lists to exist.
    run('npm', ['ci', '--omit=dev', ...npmFlags], app);
    // The page renderer is bundled with the web app's libraries (UI, React), which are the web
    // workspace's devDependencies: a production install has none of them.
    const webLibraries = [
      'react',
      'react-dom',
      '@mui/material',
      '@mui/icons-material',
      '@emotion/react',
    ];
    for (const devOnly of ['tsx', 'vite', 'vitest', 'esbuild', 'drizzle-kit', ...webLibraries]) {
      const present = spawnSync(process.execPath, ['-e', `require.resolve('${devOnly}')`], {
        cwd: app,
      });
      check(present.status !== 0, `${devOnly} is installed by npm ci --omit=dev`);
    }
    const megabytes = (await sizeOf(join(app, 'node_modules'))) / 1024 / 1024;
    process.stdout.write(`  production dependencies: ${megabytes.toFixed(0)} MB in node_modules\n`);
  }),
];

let running;
const backup = join(work, 'backup');
let demoClient;
const serverSteps = [
  step('start the built server on production dependencies', async () => {
    running = await startServer(await freePort());
    server = running.child;
  }),
  step('smoke test: /readyz, pages, API, sign-in', async () => {
    const { url } = running;
    const ready = await fetch(`${url}/readyz`);
    check(ready.status === 200, `/readyz answered ${ready.status}`);
    const home = await fetch(url);
    const html = await home.text();
    check(
      home.status === 200 && html.includes('<main'),
      `/ answered ${home.status} without a page`,
    );
    const featured = await fetch(`${url}/api/v1/users/featured`);
    check(featured.status === 200, `/api/v1/users/featured answered ${featured.status}`);
    const places = await fetch(`${url}/api/v1/places?q=lisb&limit=3`);
    const placeNames = JSON.stringify(await places.json());
    check(places.status === 200 && placeNames.includes('Lisbon'), `places: ${placeNames}`);
    const seededLine = running.log().match(/demo marketplace seeded: (\S+) \(client\)/);
    check(seededLine, 'the log does not name the seeded demo client');
    const signIn = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: seededLine[1], password: demoPassword }),
    });
    check(signIn.status === 200, `sign-in answered ${signIn.status}`);
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
    check(cookie, 'sign-in set no cookie');
    const me = await fetch(`${url}/api/v1/me`, { headers: { cookie } });
    check(me.status === 200, `/api/v1/me answered ${me.status}`);
    // A signed-in screen is rendered on the server with the person's own data (the page renderer
    // draws one when the browser has said its language and time zone).
    const { user } = await me.json();
    const dashboard = await fetch(`${url}/dashboard`, {
      headers: { cookie: `${cookie}; maya_lang=en; maya_tz=Europe/Lisbon` },
    });
    const dashboardHtml = await dashboard.text();
    check(
      dashboard.status === 200 && dashboardHtml.includes('<h1') && dashboardHtml.includes(user.id),
      `/dashboard answered ${dashboard.status} without the signed-in screen drawn`,
    );
    // A seller's page is rendered on the server with its data (the web build's page renderer).
    const { items } = await fetch(`${url}/api/v1/users/featured`).then((r) => r.json());
    const seller = items?.[0];
    check(seller, 'no featured seller');
    const page = await fetch(`${url}/sellers/${seller.id}`).then((r) => r.text());
    const text = page
      .replaceAll(/&#x27;|&#39;/g, "'")
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&');
    check(
      text.includes(seller.id) && text.includes(seller.fullName),
      `the seller page is not rendered with its data (${seller.fullName})`,
    );
  }),
  step('npm run backup while the server runs (it writes the backup on SIGUSR2)', () =>
    run('npm', ['run', 'backup', '--', backup], app, { DATA_DIR: dataDir }),
  ),
  step('SIGTERM with a request in flight: /readyz 503, the request finishes, exit 0', async () => {
    const { url, child, exit } = running;
    const email = running.log().match(/demo marketplace seeded: (\S+) \(client\)/)[1];
    demoClient = email;
    const inFlight = slowSignIn(url, email);
    await inFlight.start();
    await sleep(100);
    child.kill('SIGTERM');
    let drained = false;
    for (let attempt = 0; attempt < 10 && !drained; attempt += 1) {
      await sleep(100);
      const probe = await fetch(`${url}/readyz`).catch(() => undefined);
      drained = probe?.status === 503;
    }
    check(drained, '/readyz did not turn 503 after SIGTERM');
    const answer = await inFlight.finish();
    check(/^HTTP\/1\.1 200 /.test(answer), `the in-flight sign-in got: ${answer.slice(0, 200)}`);
    const { code, signal } = await Promise.race([
      exit,
      sleep(15_000).then(() => ({ code: 'none within 15 s', signal: null })),
    ]);
    check(code === 0, `the server exited with ${code ?? signal}`);
    server = undefined;
  }),
  step('SIGTERM to the npm process of npm run serve and of npm start: nothing left', async () => {
    await checkSigtermThroughNpm(['run', 'serve'], app, { DATA_DIR: join(work, 'serve-data') });
    // The source is built, so npm start builds nothing and runs the server.
    await checkSigtermThroughNpm(['start'], source, { DATA_DIR: join(work, 'start-data') });
  }),
  step('npm run restore of that backup into a new DATA_DIR, a start there, a sign-in', async () => {
    const restored = join(work, 'restored');
    run('npm', ['run', 'restore', '--', backup], app, { DATA_DIR: restored });
    running = await startServer(await freePort(), { DATA_DIR: restored, SEED_DEMO: 'false' });
    server = running.child;
    const signIn = await fetch(`${running.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: running.url },
      body: JSON.stringify({ email: demoClient, password: demoPassword }),
    });
    check(signIn.status === 200, `sign-in on the restored data answered ${signIn.status}`);
    server.kill('SIGTERM');
    const { code } = await running.exit;
    check(code === 0, `the server on the restored data exited with ${code}`);
    server = undefined;
  }),
];

let failed = false;
try {
  for (const action of [...steps, ...serverSteps]) await action();
} catch (error) {
  failed = true;
  process.stderr.write(
    `\nproduction check FAILED: ${error instanceof Error ? error.message : error}\n`,
  );
} finally {
  server?.kill('SIGKILL');
  if (process.env.KEEP_PRODUCTION_CHECK === '1') process.stdout.write(`kept ${work}\n`);
  else await rm(work, { recursive: true, force: true });
}
process.stdout.write('\n');
for (const [name, seconds] of timings)
  process.stdout.write(`${seconds.toFixed(1).padStart(7)} s  ${name}\n`);
process.exitCode = failed ? 1 : 0;
