/**
 * The directory search under concurrency: BENCH_CONNECTIONS (50) connections at once on
 * GET /api/v1/users for each query shape people send (text words, sector, radius, all three
 * combined; each connection rotates through the shape's variants), on BENCH_SELLERS (100,000)
 * generated sellers (bench/directory-data.ts), on embedded PGlite and on PostgreSQL when
 * BENCH_DATABASE_URL (or DATABASE_URL) names an admin connection.
 *
 * Each shape is loaded on the full app and, in the same run, on a bare Fastify route making the
 * service's repository calls (the same SQL, count included, on the same database), one after the
 * other. The load generator is autocannon in a process of its own (bench/lib.ts
 * `loadFromProcess`), so the server's event loop, heap and garbage collector are its own; it keeps
 * every latency, so p50/p95/p99/max are exact. Non-2xx answers are counted (a 503 refusal under
 * load is a figure, not a crash). The server process's event-loop delay is sampled during each
 * run (perf_hooks.monitorEventLoopDelay). The directory search has no route rate limit, so
 * nothing is refused for coming from one address.
 *
 * Goals, the app against the bare route with the same SQL in the same run (two cores cannot give
 * absolute figures that hold on another machine): throughput (2xx answers per second, so quick
 * refusals do not count as speed) ≥ 0.9× the bare route's, p99 ≤ 1.3×
 * the bare route's, no request over 2 s, and every answer a 2xx or a refusal (503, which the error
 * handler sends with Retry-After). On PostgreSQL the app runs as deployed there (DATABASE_URL: limits and socket events on
 * PostgreSQL too).
 *
 * Each route is measured in BENCH_ROUNDS windows (3), the two routes' interleaved (app, bare,
 * bare, app, app, bare; the next shape starts with the other route), and each figure is the
 * windows' median (the slowest answer: of all windows), so one window's luck does not decide it.
 *
 * Knobs: BENCH_ENGINES (pglite,postgres), BENCH_SELLERS (100,000), BENCH_CONNECTIONS (50),
 * BENCH_DURATION (5 s a window), BENCH_WARMUP (2 s), BENCH_ROUNDS (3), BENCH_SHAPES (text,sector,radius,combination),
 * BENCH_KEEP_DB=1 (keep the PostgreSQL database; drop it yourself), BENCH_CPU_PROF=<dir> (a V8
 * CPU profile of the server process per engine, shape and route, covering only its load run:
 * <dir>/directory-load-<engine>-<shape>-<route>.cpuprofile, for Chrome DevTools or speedscope).
 *
 * On PostgreSQL the SQL statements one request sends are counted for each shape's first variant,
 * app and bare route (the pool's queries, before the load runs).
 *
 *   npm run bench -- directory-load
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- directory-load
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import {
  bareApp,
  benchAppConfig,
  listen,
  openBenchTarget,
  seed,
  SHAPES,
  type BenchTarget,
  type Shape,
} from './directory-data.js';
import { knob, loadFromProcess, printTable, writeResult, type ConcurrencyResult } from './lib.js';

const NAME = 'directory-load';

const SELLERS = Math.round(knob('BENCH_SELLERS', 100_000));
const LOAD = {
  connections: Math.round(knob('BENCH_CONNECTIONS', 50)),
  duration: knob('BENCH_DURATION', 5),
  warmup: knob('BENCH_WARMUP', 2),
};
/**
 * Windows per route and shape, the two routes' interleaved (app, bare, bare, app, …): one window
 * moves by up to 30% from run to run on a small machine, so each figure is the windows' median.
 */
const ROUNDS = Math.max(1, Math.round(knob('BENCH_ROUNDS', 3)));
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF || undefined;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const SHAPE_NAMES = (process.env.BENCH_SHAPES ?? SHAPES.map((shape) => shape.name).join(','))
  .split(',')
  .map((name) => name.trim());
const GOALS = { throughputRatio: 0.9, p99Ratio: 1.3, maxMs: 2_000 } as const;

interface Measured extends ConcurrencyResult {
  /** The server process's event-loop delay during the run, in ms. */
  eventLoopDelayMs: { p99: number; max: number };
  /**
   * Answers with a result (2xx) per second: the throughput the ratio is taken on, so a route that
   * refuses (503) is not counted faster for its quick refusals.
   */
  answeredPerSec: number;
}

interface ShapeResult {
  query: Shape['name'];
  paths: string[];
  /** PostgreSQL only: SQL statements one request of the first variant sends. */
  statementsPerRequest?: { app: number; bare: number };
  app: Measured;
  bare: Measured;
  /** The app's throughput and p99 over the bare route's. */
  ratios: { throughput: number; p99: number };
  goalMet: { throughput: boolean; p99: boolean; max: boolean; answered: boolean };
}

interface Run {
  engine: 'pglite' | 'postgres';
  sellers: number;
  date: string;
  loadAverage: { before: number; after: number; cores: number };
  queries: ShapeResult[];
}

/** A V8 CPU profile of this process (the server under load) while `work` runs. */
async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    return result;
  } finally {
    session.disconnect();
  }
}

/** The statements the pool sends while `work` runs (the app's and the bare route's alike). */
async function countStatements(pool: pg.Pool, work: () => Promise<void>): Promise<number> {
  let statements = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const counting = (...args: unknown[]) => {
    statements += 1;
    return query(...args);
  };
  (pool as unknown as { query: typeof counting }).query = counting;
  try {
    await work();
  } finally {
    delete (pool as unknown as { query?: unknown }).query;
  }
  return statements;
}

async function measure(
  target: string,
  base: string,
  paths: string[],
  profileFile?: string,
): Promise<Measured> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  // Enabled for the warm-up too; reset when the measured part starts is not knowable from here,
  // so the figure covers both (the warm-up is the same load).
  delay.enable();
  try {
    const result = await profiled(profileFile, () => loadFromProcess(target, base, paths, LOAD));
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const answered = Object.entries(result.statuses)
      .filter(([status]) => status.startsWith('2'))
      .reduce((total, [, count]) => total + count, 0);
    return {
      ...result,
      eventLoopDelayMs: { p99: ms(delay.percentile(99)), max: ms(delay.max) },
      answeredPerSec: Math.round(answered / result.durationSeconds),
    };
  } finally {
    delay.disable();
  }
}

/**
 * One route's windows as one figure: the median window's throughput and latency percentiles, the
 * slowest answer of all, and every answer, error and timeout counted.
 */
function medianOf(windows: Measured[]): Measured {
  const middle = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const statuses: Record<string, number> = {};
  for (const window of windows) {
    for (const [status, count] of Object.entries(window.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count;
    }
  }
  return {
    ...windows[0]!,
    durationSeconds: sum(windows.map((window) => window.durationSeconds)),
    requests: sum(windows.map((window) => window.requests)),
    requestsPerSec: middle(windows.map((window) => window.requestsPerSec)),
    answeredPerSec: middle(windows.map((window) => window.answeredPerSec)),
    latencyMs: {
      p50: middle(windows.map((window) => window.latencyMs.p50)),
      p95: middle(windows.map((window) => window.latencyMs.p95)),
      p99: middle(windows.map((window) => window.latencyMs.p99)),
      max: Math.max(...windows.map((window) => window.latencyMs.max)),
    },
    statuses,
    non2xx: sum(windows.map((window) => window.non2xx)),
    errors: sum(windows.map((window) => window.errors)),
    timeouts: sum(windows.map((window) => window.timeouts)),
    eventLoopDelayMs: {
      p99: middle(windows.map((window) => window.eventLoopDelayMs.p99)),
      max: Math.max(...windows.map((window) => window.eventLoopDelayMs.max)),
    },
  };
}

async function benchmark(opened: BenchTarget): Promise<Run> {
  const handle: DatabaseHandle = opened.handle;
  console.log(`\n[${handle.engine} ${SELLERS.toLocaleString('en-US')}] seeding…`);
  await handle.migrate();
  await seed(handle, SELLERS, opened.databaseUrl);

  const config = benchAppConfig(
    opened.dataDir,
    opened.databaseUrl ? { DATABASE_URL: opened.databaseUrl } : {},
  );
  const full = await buildApp(config, { database: handle, logger: false });
  const bare = bareApp(handle.db);
  const fullBase = await listen(full);
  const bareBase = await listen(bare);
  if (CPU_PROF_DIR) await mkdir(CPU_PROF_DIR, { recursive: true });
  const loadBefore = loadavg()[0]!;
  const queries: ShapeResult[] = [];
  try {
    // The app reads its gazetteer in the background once it listens; a search reads the rest at
    // once, so the loading is not measured as part of the first shape.
    const warm = await fetch(`${fullBase}/api/v1/users?q=salon`);
    if (!warm.ok) throw new Error(`warming the app: ${warm.status}`);
    await warm.arrayBuffer();
    for (const [index, shape] of SHAPES.filter((s) => SHAPE_NAMES.includes(s.name)).entries()) {
      const paths = Array.from(
        { length: shape.variants },
        (_, variant) => `/api/v1/users?${shape.variant(variant)}`,
      );
      // Alternate which goes first, so neither always meets the warmer cache.
      const order = index % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
      let statementsPerRequest: ShapeResult['statementsPerRequest'];
      if (handle.engine === 'postgres') {
        const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
        const once = (base: string) => async () => {
          const response = await fetch(`${base}${paths[0]!}`);
          if (!response.ok) throw new Error(`${paths[0]!}: ${response.status}`);
          await response.arrayBuffer();
        };
        // Warm first (the app reads its vocabulary once a minute, both read the newest window's
        // edge once per 10 s), then count the steady state.
        await once(fullBase)();
        await once(bareBase)();
        statementsPerRequest = {
          app: await countStatements(pool, once(fullBase)),
          bare: await countStatements(pool, once(bareBase)),
        };
      }
      const windows: Record<'app' | 'bare', Measured[]> = { app: [], bare: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        // Each round reverses the last one's order: app, bare, bare, app, app, bare…
        for (const which of round % 2 === 0 ? order : [...order].reverse()) {
          windows[which].push(
            await measure(
              `${which} ${shape.name}`,
              which === 'app' ? fullBase : bareBase,
              paths,
              // The first window of each route is profiled.
              windows[which].length === 0 && CPU_PROF_DIR
                ? join(CPU_PROF_DIR, `${NAME}-${handle.engine}-${shape.name}-${which}.cpuprofile`)
                : undefined,
            ),
          );
        }
      }
      const app = medianOf(windows.app);
      const bare = medianOf(windows.bare);
      const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
      const ratios = {
        throughput: ratio(app.answeredPerSec, bare.answeredPerSec),
        p99: ratio(app.latencyMs.p99, bare.latencyMs.p99),
      };
      const refusedOrOk = Object.entries(app.statuses).every(
        ([status]) => status.startsWith('2') || status === '503',
      );
      const result: ShapeResult = {
        query: shape.name,
        paths,
        statementsPerRequest,
        app,
        bare,
        ratios,
        goalMet: {
          throughput: ratios.throughput >= GOALS.throughputRatio,
          p99: ratios.p99 <= GOALS.p99Ratio,
          max: app.latencyMs.max <= GOALS.maxMs,
          answered: refusedOrOk && app.errors === 0 && app.timeouts === 0,
        },
      };
      queries.push(result);
      console.log(
        `  ${shape.name}: app p99 ${app.latencyMs.p99} ms max ${app.latencyMs.max} ms ${app.requestsPerSec} req/s; bare p99 ${result.bare.latencyMs.p99} ms max ${result.bare.latencyMs.max} ms ${result.bare.requestsPerSec} req/s`,
      );
    }
  } finally {
    await full.close();
    await bare.close();
  }
  return {
    engine: handle.engine,
    sellers: SELLERS,
    date: new Date().toISOString(),
    loadAverage: {
      before: Math.round(loadBefore * 100) / 100,
      after: Math.round(loadavg()[0]! * 100) / 100,
      cores: availableParallelism(),
    },
    queries,
  };
}

function printRun(run: Run): void {
  console.log(
    `\nGET /api/v1/users under ${LOAD.connections} connections, ${ROUNDS} windows of ${LOAD.duration} s per route interleaved, medians (each after ${LOAD.warmup} s of warm-up) — ${run.engine}, ${run.sellers.toLocaleString('en-US')} sellers, Node ${process.version}; load generator in its own process; machine load average ${run.loadAverage.before} → ${run.loadAverage.after} on ${run.loadAverage.cores} cores\n`,
  );
  const yes = (met: boolean) => (met ? 'met' : 'NOT met');
  printTable(
    run.queries.flatMap((result) =>
      (['app', 'bare'] as const).map((which) => {
        const measured = result[which];
        return {
          query: result.query,
          route: which,
          'req/s': measured.requestsPerSec,
          '2xx/s': measured.answeredPerSec,
          'p50 ms': measured.latencyMs.p50,
          'p95 ms': measured.latencyMs.p95,
          'p99 ms': measured.latencyMs.p99,
          'max ms': measured.latencyMs.max,
          'non-2xx': measured.non2xx,
          'errors+timeouts': measured.errors + measured.timeouts,
          'loop delay p99/max ms': `${measured.eventLoopDelayMs.p99}/${measured.eventLoopDelayMs.max}`,
          'SQL/request': result.statementsPerRequest?.[which] ?? '',
          '2xx/s ÷ bare': which === 'app' ? result.ratios.throughput : '',
          'p99 ÷ bare': which === 'app' ? result.ratios.p99 : '',
          [`2xx/s ≥ ${GOALS.throughputRatio}×`]:
            which === 'app' ? yes(result.goalMet.throughput) : '',
          [`p99 ≤ ${GOALS.p99Ratio}×`]: which === 'app' ? yes(result.goalMet.p99) : '',
          [`max ≤ ${GOALS.maxMs} ms`]: which === 'app' ? yes(result.goalMet.max) : '',
          '2xx or 503': which === 'app' ? yes(result.goalMet.answered) : '',
        };
      }),
    ),
  );
}

const targets = ENGINES.filter((engine): engine is 'pglite' | 'postgres' => {
  if (engine === 'pglite') return true;
  if (engine !== 'postgres') throw new Error(`Unknown engine ${engine}`);
  if (!PG_ADMIN_URL) {
    console.log(
      'PostgreSQL skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to an admin connection.',
    );
  }
  return Boolean(PG_ADMIN_URL);
});

const runs: Run[] = [];
const open = new Set<BenchTarget>();
process.once('SIGINT', () => {
  void Promise.allSettled([...open].map((target) => target.close())).then(() => process.exit(130));
});
for (const engine of targets) {
  const opened = await openBenchTarget(engine, { adminUrl: PG_ADMIN_URL, keep: KEEP_DB });
  open.add(opened);
  try {
    const run = await benchmark(opened);
    runs.push(run);
    printRun(run);
  } finally {
    open.delete(opened);
    await opened.close();
  }
}
const file = await writeResult(NAME, {
  route: 'GET /api/v1/users (anonymous: sellers)',
  config: {
    ...LOAD,
    sellers: SELLERS,
    loadGenerator: 'autocannon in a separate process, every latency kept',
    goals:
      `against the bare route in the same run: throughput ≥ ${GOALS.throughputRatio}×, ` +
      `p99 ≤ ${GOALS.p99Ratio}×; max ≤ ${GOALS.maxMs} ms; ` +
      'every answer 2xx or 503 (refused, with Retry-After)',
  },
  runs,
});
console.log(`\nWrote ${file}`);
