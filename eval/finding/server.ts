import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url));

/** Settings an engineer may pass through to measure Maya with an LLM provider instead. */
const PASSED_THROUGH = ['AI_PROVIDER', 'AI_API_KEY', 'AI_BASE_URL', 'AI_MODEL', 'AI_TEMPERATURE'];

export interface EvalServer {
  url: string;
  /** Log lines at level error or worse (pino level ≥ 50): 5xx answers, crashes, failed streams. */
  errors: string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server entry (the same file `npm run dev` and the server tests run, through tsx) on an
 * empty embedded database in a temporary folder, with no demo sellers and no web app: only what
 * the evaluation creates through the API exists. The folder is removed on stop.
 *
 * TRUST_PROXY=true lets the runner give each sign-up and each conversation its own
 * X-Forwarded-For address: sign-up allows 50 per address per 15 minutes and anonymous Maya 20 per
 * address per minute, limits meant for floods from one address, which would otherwise turn a
 * two-minute evaluation into an hour of waiting. The limits themselves are left as they are.
 */
export async function startEvalServer(): Promise<EvalServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-eval-finding-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const passed = Object.fromEntries(
    PASSED_THROUGH.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-app'),
      TRUST_PROXY: 'true',
      ...passed,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const errors: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string };
      };
      if ((entry.level ?? 0) >= 50) {
        errors.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
      }
    } catch {
      // Not a log line (a stray console.log); nothing to count.
    }
  });
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with ${child.exitCode}:\n${stderr.join('\n')}`);
    }
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return { url, errors, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('The server did not become ready within 60 s.');
}
