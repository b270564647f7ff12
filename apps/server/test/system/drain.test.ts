import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { entryArgs, freePort, newDataDir, startServerProcess } from '../server-process.js';
import { createPostgresTestDatabase } from '../test-database.js';

const password = 'drain proof passphrase';

/**
 * A sign-in whose body arrives in two parts: in flight from `start` until `finish` sends the
 * rest; `finish` resolves with the raw answer once the server has answered and closed.
 */
function slowSignIn(url: string, email: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ email, password });
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const answered = new Promise<string>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => resolve(answer));
  });
  const opened = new Promise((resolve) => socket.once('connect', resolve));
  return {
    async start() {
      await opened;
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
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

async function signUp(url: string) {
  const email = `drain-${Date.now()}-${Math.random().toString(16).slice(2)}@example.test`;
  const send = () =>
    fetch(`${url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'buyer', email, password, firstName: 'Dee', lastName: 'Rain' }),
    });
  let response = await send();
  // A server just started on a loaded machine may still refuse with 503 and Retry-After, as it
  // should; a client sends again after the time it names.
  for (let attempt = 0; attempt < 5 && response.status === 503; attempt += 1) {
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    await sleep(Math.min(retryAfter, 2) * 1000);
    response = await send();
  }
  // The same answer for any email; the account exists and its password signs in.
  expect(response.status).toBe(202);
  return email;
}

/**
 * SIGTERM to `signalled` with a sign-in in flight: /readyz turns 503 during the delay while the
 * listener still answers, the sign-in then completes with 200, and `exiting` exits 0.
 */
async function drainWithRequestInFlight(
  url: string,
  signalled: ChildProcess,
  exiting: ChildProcess,
) {
  const email = await signUp(url);
  const exited = new Promise<number | null>((resolve) =>
    exiting.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  const inFlight = slowSignIn(url, email);
  await inFlight.start();
  await sleep(100);
  signalled.kill('SIGTERM');
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 50 && statuses.at(-1) !== 503; attempt += 1) {
    await sleep(50);
    const probe = await fetch(`${url}/readyz`).catch(() => undefined);
    if (probe) statuses.push(probe.status);
  }
  expect(statuses.at(-1)).toBe(503);
  // Still served during the delay: the process answers, and only readiness says it is leaving.
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  const answer = await inFlight.finish();
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(await exited).toBe(0);
}

describe('a graceful stop with a request in flight', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function environment() {
    const dataDir = await newDataDir('maya-drain-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = readEnv('DATABASE_URL') ? await createPostgresTestDatabase() : undefined;
    if (database) cleanups.push(() => database.drop());
    return {
      DATA_DIR: dataDir,
      SHUTDOWN_DELAY_MS: '2000',
      // What is tested is the drain: on a loaded machine the embedded database's 1.5 s wait
      // limit could answer the request in flight 503 (as it should), which says nothing of it.
      DATABASE_QUEUE_TIMEOUT_MS: '30000',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
  }

  it('turns /readyz 503 on SIGTERM, finishes the request and exits 0', async () => {
    const server = await startServerProcess(await environment(), { readyWithinMs: 120_000 });
    cleanups.push(() => server.stop('SIGKILL'));
    await drainWithRequestInFlight(server.url, server.child, server.child);
  }, 180_000);

  it('does the same under `npm start`, which passes SIGTERM on and exits with the server', async () => {
    // scripts/start.mjs in a folder of its own whose build is newer than its sources, so it builds
    // nothing; its server entry runs the run's bundle of the server (or the sources through tsx).
    const root = await mkdtemp(join(tmpdir(), 'maya-start-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    for (const folder of ['apps/server/src', 'packages/contracts/src', 'scripts'])
      await mkdir(join(root, folder), { recursive: true });
    await writeFile(join(root, 'scripts/build-server.mjs'), '');
    await sleep(20);
    await mkdir(join(root, 'apps/web/dist'), { recursive: true });
    await mkdir(join(root, 'apps/server/dist'), { recursive: true });
    await writeFile(join(root, 'apps/web/dist/index.html'), '');
    const args = entryArgs('server');
    const serverEntry = args.at(-1)!;
    const tsx = new URL('../../../../node_modules/tsx/dist/loader.mjs', import.meta.url);
    await writeFile(
      join(root, 'apps/server/dist/server.mjs'),
      `await import(${JSON.stringify(pathToFileURL(serverEntry).href)});\n`,
    );
    const startScript = fileURLToPath(new URL('../../../../scripts/start.mjs', import.meta.url));

    const port = await freePort();
    const start = spawn(process.execPath, [startScript], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        ...(args.includes('tsx') ? { NODE_OPTIONS: `--import=${tsx.href}` } : {}),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...(await environment()),
      },
      // Its stderr is kept, so a start that fails says why in the assertion.
      stdio: ['ignore', 'ignore', 'pipe'],
      // A process group of its own, so a failed test stops the server under it too.
      detached: true,
    });
    cleanups.push(async () => {
      try {
        process.kill(-start.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    });
    let stderr = '';
    start.stderr.setEncoding('utf8');
    start.stderr.on('data', (chunk: string) => (stderr += chunk));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    let ready = false;
    while (!ready && Date.now() < deadline && start.exitCode === null) {
      ready = await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await sleep(200);
    }
    expect(ready, `npm start was not ready (exit code ${start.exitCode}):\n${stderr}`).toBe(true);
    await drainWithRequestInFlight(url, start, start);
  }, 180_000);
});
