/**
 * How long the server takes from process start until /readyz answers: the first start on an
 * empty data folder (migrations, demo seed with images) and restarts on the existing embedded
 * database, for the production build that `npm start` runs (apps/server/dist, plain JavaScript),
 * for the same build through `npm run serve` (npm's own start included), and for the development
 * entry (TypeScript through tsx). Baseline, in the same run: a bare
 * Fastify process with one route, so the figure shows what the product adds over the platform.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, writeResult } from './lib.js';

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));
const production = [
  '--enable-source-maps',
  '--max-semi-space-size=32',
  join(root, 'apps/server/dist/server.mjs'),
];
/** `npm run serve` as an operator types it: npm, then the built server it hands over to. */
const npmCli = join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
const serve = [npmCli, 'run', '--silent', '--prefix', root, 'serve'];
const development = ['--import', 'tsx', join(root, 'apps/server/src/server.ts')];
const bare = [join(root, 'bench/fixtures/bare-server.mjs')];

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
  args: string[],
  env: Record<string, string>,
  path: string,
): Promise<number> {
  const entry = args.at(-1) ?? '';
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
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

const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root });
if (built.status !== 0) throw new Error(`building the server failed: ${String(built.stderr)}`);

const work = await mkdtemp(join(tmpdir(), 'maya-startup-'));
try {
  const env = {
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: join(work, 'no-web'),
  };

  const first = await timeToReady(production, env, '/readyz');
  const restarts: number[] = [];
  const serveRestarts: number[] = [];
  const developmentRestarts: number[] = [];
  const baselines: number[] = [];
  for (let run = 0; run < RESTARTS; run += 1) {
    restarts.push(await timeToReady(production, env, '/readyz'));
    serveRestarts.push(await timeToReady(serve, env, '/readyz'));
    developmentRestarts.push(await timeToReady(development, env, '/readyz'));
    baselines.push(await timeToReady(bare, {}, '/readyz'));
  }

  const goal = 2000;
  const serveGoal = 1500;
  const rows = [
    { start: 'first start, npm start (migrate + demo seed)', ms: Math.round(first), goal: '' },
    {
      start: `restart on existing database, npm start (median of ${RESTARTS})`,
      ms: Math.round(median(restarts)),
      goal: median(restarts) <= goal ? `met (≤ ${goal})` : `missed (> ${goal})`,
    },
    {
      start: `restart, npm run serve (median of ${RESTARTS})`,
      ms: Math.round(median(serveRestarts)),
      goal: median(serveRestarts) <= serveGoal ? `met (≤ ${serveGoal})` : `missed (> ${serveGoal})`,
    },
    {
      start: `restart, development entry through tsx (median of ${RESTARTS})`,
      ms: Math.round(median(developmentRestarts)),
      goal: '',
    },
    {
      start: `bare Fastify process (median of ${RESTARTS})`,
      ms: Math.round(median(baselines)),
      goal: '',
    },
  ];
  printTable(rows);
  console.log(
    `\nrestart / bare: ${(median(restarts) / median(baselines)).toFixed(2)}×; goal for a restart: ${goal} ms`,
  );
  const file = await writeResult('startup', {
    firstStartMs: Math.round(first),
    restartMs: restarts.map(Math.round),
    restartMedianMs: Math.round(median(restarts)),
    serveRestartMs: serveRestarts.map(Math.round),
    serveRestartMedianMs: Math.round(median(serveRestarts)),
    serveGoalMs: serveGoal,
    developmentRestartMs: developmentRestarts.map(Math.round),
    developmentRestartMedianMs: Math.round(median(developmentRestarts)),
    bareFastifyMs: baselines.map(Math.round),
    bareFastifyMedianMs: Math.round(median(baselines)),
    ratio: median(restarts) / median(baselines),
    goalMs: goal,
  });
  console.log(`Wrote ${file}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
