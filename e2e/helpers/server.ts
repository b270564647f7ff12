import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, resultsDir } from './paths.js';

export interface TestServer {
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL (the CSRF origin check uses it). */
  url: string;
  dataDir: string;
  logFile: string;
  /** Milliseconds the server reported from start to ready (its `readyMs` log field). */
  readyMs: number | undefined;
  /** Log lines at level error or above, as the server wrote them. */
  errorLogs: string[];
  stop(): Promise<void>;
}

/** The demo accounts' password in browser runs (the server makes up a random one otherwise). */
export const DEMO_PASSWORD = 'maya-demo-market';

export interface StartServerOptions {
  /** Extra environment for the server; DATA_DIR, PORT, HOST and PUBLIC_URL are set already. */
  env?: Record<string, string>;
  /** Seed the demo marketplace (apps/server/src/db/seed/demo.json). Default true. */
  seedDemo?: boolean;
  /** Name of the log file in test-results/. */
  name?: string;
  /** How long to wait for /readyz, including a web build. Default 300 s (E2E_READY_TIMEOUT_MS). */
  readyTimeoutMs?: number;
  /** Runs with the server's environment before it starts (a command on its DATA_DIR). */
  beforeStart?: (env: Record<string, string>) => Promise<void>;
}

// Only these are inherited, so a developer's DATABASE_URL, SMTP_URL, AI keys… never leak into a
// browser run: the server is always the embedded database in a fresh folder unless a journey
// asks otherwise through `env`.
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'CI'];

export async function freePort(): Promise<number> {
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function tail(file: string, lines: number): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * The product exactly as `npm start` runs it (scripts/start.mjs: build the web app when its
 * sources changed, then the server), on a free port with a fresh temporary DATA_DIR. Resolves
 * once /readyz answers 200. The server runs in its own process group so `stop` ends the start
 * script and the server together.
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-e2e-'));
  await mkdir(resultsDir, { recursive: true });
  const logFile = join(resultsDir, `${options.name ?? 'e2e-server'}.log`);
  const log = createWriteStream(logFile, { flags: 'w' });

  const env: Record<string, string> = {};
  for (const key of INHERITED) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
    DEMO_PASSWORD,
    ...options.env,
  });

  await options.beforeStart?.(env);
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // 'close' rather than 'exit': it fires once the output is drained too, so the log is complete.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));

  let readyMs: number | undefined;
  const errorLogs: string[] = [];
  const watch = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      let entry: { level?: number; msg?: string; readyMs?: number } | undefined;
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        entry = undefined;
      }
      if (!entry) {
        if (line.startsWith('Building the web app')) console.log(`[server] ${line}`);
        return;
      }
      if (typeof entry.readyMs === 'number') readyMs = entry.readyMs;
      if ((entry.level ?? 0) >= 50) {
        errorLogs.push(line);
        console.log(`[server error] ${line.slice(0, 2000)}`);
      }
    });
  };
  watch(child.stdout);
  watch(child.stderr);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const killer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 15_000);
      await exited;
      clearTimeout(killer);
    } else {
      await exited;
    }
    await new Promise<void>((resolve) => log.end(() => resolve()));
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  };

  const timeoutMs = options.readyTimeoutMs ?? Number(process.env.E2E_READY_TIMEOUT_MS ?? 300_000);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was ready. Last lines of ${logFile}:\n${await tail(logFile, 40)}`,
      );
    }
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready)
      return {
        url,
        dataDir,
        logFile,
        get readyMs() {
          return readyMs;
        },
        errorLogs,
        stop,
      };
    await sleep(200);
  }
  await stop();
  throw new Error(
    `The server was not ready within ${timeoutMs / 1000} s. Last lines of ${logFile}:\n${await tail(logFile, 40)}`,
  );
}
