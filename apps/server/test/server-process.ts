import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's bundle of the server's entries (test/global-setup.ts). */
    serverBundle: string;
    /** A migrated embedded data folder to copy, or '' on PostgreSQL. */
    pgliteDataTemplate: string;
  }
}

/** What the global setup provided, or '' where a suite has none (the fault and cluster suites). */
function provided(key: 'serverBundle' | 'pgliteDataTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * The arguments to Node that run a server entry (server, migrate, backup, restore): the run's
 * bundle of them (test/global-setup.ts), or the source through tsx where no bundle was made.
 */
export function entryArgs(name: 'server' | 'migrate' | 'backup' | 'restore'): string[] {
  const bundle = provided('serverBundle');
  return bundle
    ? ['--enable-source-maps', join(bundle, `${name}.mjs`)]
    : ['--import', 'tsx', fileURLToPath(new URL(`../src/${name}.ts`, import.meta.url))];
}

/**
 * A new DATA_DIR for a server process: a copy of the run's migrated embedded database (a start on
 * it runs no migration), or an empty folder where there is none.
 */
export async function newDataDir(prefix = 'maya-server-'): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  const template = provided('pgliteDataTemplate');
  if (template) await cp(template, folder, { recursive: true });
  return folder;
}

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

/** The environment of a command a test starts: only the given settings, on this PATH and HOME. */
export function commandEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The real server entry in a child process, resolved once /readyz answers. Its log (stdout, at
 * LOG_LEVEL, warn unless set) is dropped, or kept line by line in `log` when given one. The
 * embedded database's wait limit is 30 s unless `env` sets DATABASE_QUEUE_TIMEOUT_MS.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { readyWithinMs = 30_000, log }: { readyWithinMs?: number; log?: string[] } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, entryArgs('server'), {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      // What these tests check is what a server keeps and answers, not its load shedding (the
      // gate's own tests do): on a loaded machine the embedded database's 1.5 s wait limit could
      // rightly answer a test's request 503, which says nothing of what it tests.
      DATABASE_QUEUE_TIMEOUT_MS: '30000',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', log ? 'pipe' : 'ignore', 'inherit'],
  });
  if (log && child.stdout) {
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      log.push(...lines.filter((line) => line.length > 0));
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) {
      return {
        url,
        child,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready within ${readyWithinMs / 1000} s`);
}

/**
 * An account made through a running server's original-client sign-up (`POST /api/user`), which
 * answers at once and mails a confirmation after its answer; resolves with the status.
 */
export async function legacySignUp(
  url: string,
  account: { email: string; password: string; role?: 'buyer' | 'seller' },
): Promise<number> {
  const response = await fetch(`${url}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: 'Process Tester', role: 'buyer', ...account }),
  });
  return response.status;
}
