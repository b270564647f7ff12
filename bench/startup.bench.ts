/**
 * How long the server takes from process start until /readyz answers: the first start on an
 * empty data folder (migrations, demo seed with images) and restarts on the existing embedded
 * database. Baseline, in the same run: a bare Fastify process with one route, started the same
 * way (node + tsx), so the figure shows what the product adds over the platform.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, writeResult } from './lib.js';

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a process, measures until `url` answers 200, then stops it. */
async function timeToReady(
  entry: string,
  env: Record<string, string>,
  path: string,
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}${path}`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error(`${entry} not ready in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const work = await mkdtemp(join(tmpdir(), 'maya-startup-'));
try {
  const bare = fileURLToPath(new URL('./fixtures/bare-server.ts', import.meta.url));
  const env = {
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEB_DIST_DIR: join(work, 'no-web'),
  };

  const first = await timeToReady(serverEntry, env, '/readyz');
  const restarts: number[] = [];
  const baselines: number[] = [];
  for (let run = 0; run < RESTARTS; run += 1) {
    restarts.push(await timeToReady(serverEntry, env, '/readyz'));
    baselines.push(await timeToReady(bare, {}, '/readyz'));
  }

  const rows = [
    { start: 'first start (migrate + demo seed)', ms: Math.round(first) },
    {
      start: `restart on existing database (median of ${RESTARTS})`,
      ms: Math.round(median(restarts)),
    },
    { start: `bare Fastify process (median of ${RESTARTS})`, ms: Math.round(median(baselines)) },
  ];
  printTable(rows);
  console.log(
    `\nrestart / bare: ${(median(restarts) / median(baselines)).toFixed(2)}×; budget for a restart: 2000 ms`,
  );
  const file = await writeResult('startup', {
    firstStartMs: Math.round(first),
    restartMs: restarts.map(Math.round),
    restartMedianMs: Math.round(median(restarts)),
    bareFastifyMs: baselines.map(Math.round),
    bareFastifyMedianMs: Math.round(median(baselines)),
    ratio: median(restarts) / median(baselines),
  });
  console.log(`Wrote ${file}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
