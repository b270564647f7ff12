/**
 * Discovery at scale: the directory search GET /api/v1/users (text, sector, radius and all three
 * combined) on BENCH_SELLERS (100,000) generated sellers, on embedded PGlite always and on
 * PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names an admin connection; with
 * BENCH_LARGE=1 also on BENCH_SELLERS_PG_LARGE (1,000,000) sellers on PostgreSQL only.
 *
 * For each query shape: p50/p95/p99 of BENCH_REQUESTS (200) sequential requests through the full
 * app, interleaved with the same requests to a bare Fastify route in this process that makes the
 * service's repository calls (so the SQL is identical, the search's count included); req/s under
 * autocannon unless BENCH_LOAD=0; and EXPLAIN (ANALYZE, BUFFERS) of the exact SQL and parameters
 * the repository issues (captured with a Drizzle logger on the same client), reduced to the scans
 * it uses.
 *
 * PostgreSQL: a fresh database maya_bench_<random> is created through the admin connection,
 * migrated, loaded and dropped at the end. PGlite: a temporary DATA_DIR, removed at the end.
 * Only 127.0.0.1 is ever targeted. bench/results/directory.json keeps the runs of earlier
 * invocations for other engines/sizes.
 *
 * Knobs: BENCH_ENGINES (pglite,postgres), BENCH_REQUESTS (200), BENCH_WARMUP_REQUESTS (20),
 * BENCH_SHAPE_SECONDS (120: a slow shape stops after this, with at least 20 requests),
 * BENCH_LOAD=0 (skip autocannon), BENCH_DURATION/BENCH_WARMUP/BENCH_CONNECTIONS (5/1/10),
 * BENCH_KEEP_DB=1 (keep the PostgreSQL database for inspection; drop it yourself).
 *
 *   npm run bench -- directory                                    # PGlite only
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- directory
 *   BENCH_ENGINES=postgres BENCH_LARGE=1 BENCH_LOAD=0 BENCH_DATABASE_URL=… npm run bench -- directory
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { createDirectoryRepository } from '../apps/server/src/modules/directory/directory.repository.js';
import {
  bareApp,
  benchAppConfig,
  directoryArgs,
  listen,
  openBenchTarget,
  rawClient,
  RADIUS_KM,
  seed,
  SHAPES,
  type BenchTarget,
  type SeedTimes,
  type Shape,
} from './directory-data.js';
import { knob, load, printTable, resultsDir, writeResult, type LoadResult } from './lib.js';

const NAME = 'directory';

const SELLERS = Math.round(knob('BENCH_SELLERS', 100_000));
const LARGE = process.env.BENCH_LARGE === '1';
const LARGE_SELLERS = Math.round(knob('BENCH_SELLERS_PG_LARGE', 1_000_000));
const REQUESTS = Math.round(knob('BENCH_REQUESTS', 200));
const WARMUP_REQUESTS = Math.round(knob('BENCH_WARMUP_REQUESTS', 20));
const RUN_LOAD = process.env.BENCH_LOAD !== '0';
/** Time budget per query shape and target: stops early (after at least 20 requests) when slow. */
const SHAPE_SECONDS = knob('BENCH_SHAPE_SECONDS', 120);
/** Keep the PostgreSQL database for inspection instead of dropping it (its name is printed). */
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const LOAD_OPTIONS = {
  duration: knob('BENCH_DURATION', 5),
  warmup: knob('BENCH_WARMUP', 1),
  connections: Math.round(knob('BENCH_CONNECTIONS', 10)),
};
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());

async function get(url: string): Promise<{ ms: number; ids: string[] }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = (await response.json()) as { items?: { id: string }[] };
  const ms = performance.now() - started;
  if (!response.ok || !body.items) throw new Error(`GET ${url} answered ${response.status}`);
  return { ms, ids: body.items.map((item) => item.id) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
    max: round(sorted.at(-1)!),
  };
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN of the exact statement the repository issues.

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Sort Method'?: string;
  Filter?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

interface ExplainSummary {
  search: string;
  executionMs: number;
  planningMs: number;
  scans: string[];
  seqScan: boolean;
  /** The plan as indented lines; kept for the first variant of each shape only. */
  plan?: string[];
}

function describe(node: PlanNode, depth: number, lines: string[], scans: string[]): boolean {
  const type = node['Node Type'];
  let seq = type === 'Seq Scan';
  if (node['Index Name']) {
    const kind =
      type === 'Bitmap Index Scan' ? 'bitmap' : type === 'Index Only Scan' ? 'index-only' : 'index';
    scans.push(`${node['Index Name']} (${kind})`);
  }
  if (seq) scans.push(`Seq Scan on ${node['Relation Name']}`);
  const details = [
    node['Relation Name'] ? `on ${node['Relation Name']}` : '',
    node['Index Name'] ? `using ${node['Index Name']}` : '',
    `rows=${node['Actual Rows']}${(node['Actual Loops'] ?? 1) > 1 ? ` loops=${node['Actual Loops']}` : ''}`,
    `time=${node['Actual Total Time']}ms`,
    node['Rows Removed by Filter'] ? `removed by filter=${node['Rows Removed by Filter']}` : '',
    node['Rows Removed by Index Recheck']
      ? `removed by recheck=${node['Rows Removed by Index Recheck']}`
      : '',
    `buffers hit=${node['Shared Hit Blocks'] ?? 0} read=${node['Shared Read Blocks'] ?? 0}`,
    node['Sort Method'] ? `sort=${node['Sort Method']}` : '',
  ].filter(Boolean);
  lines.push(`${'  '.repeat(depth)}${type} ${details.join(' ')}`);
  for (const cond of [node['Index Cond'], node['Recheck Cond'], node.Filter]) {
    if (cond)
      lines.push(
        `${'  '.repeat(depth + 1)}: ${cond.length > 220 ? `${cond.slice(0, 220)}…` : cond}`,
      );
  }
  for (const child of node.Plans ?? []) seq = describe(child, depth + 1, lines, scans) || seq;
  return seq;
}

/** A second Drizzle instance on the same client whose logger keeps the last statement. */
function capturingRepository(handle: DatabaseHandle) {
  const { client } = rawClient(handle);
  const captured: { last?: { query: string; params: unknown[] } } = {};
  const logger = {
    logQuery: (query: string, params: unknown[]) => (captured.last = { query, params }),
  };
  const db =
    handle.engine === 'postgres'
      ? drizzleNodePg(client as pg.Pool, { schema, casing: 'snake_case', logger })
      : drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger });
  const repository = createDirectoryRepository(db);
  return {
    async capture(search: string) {
      delete captured.last;
      await repository.findDirectoryPage(directoryArgs(search));
      const statement = captured.last as { query: string; params: unknown[] } | undefined;
      if (!statement) throw new Error('the repository issued no statement');
      return statement;
    },
  };
}

async function explain(handle: DatabaseHandle, search: string): Promise<ExplainSummary> {
  const { query } = rawClient(handle);
  const statement = await capturingRepository(handle).capture(search);
  const { rows } = await query(
    `explain (analyze, buffers, format json) ${statement.query}`,
    statement.params,
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const [result] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: PlanNode;
    'Execution Time': number;
    'Planning Time': number;
  }[];
  const lines: string[] = [];
  const scans: string[] = [];
  const seqScan = describe(result!.Plan, 0, lines, scans);
  return {
    search,
    executionMs: result!['Execution Time'],
    planningMs: result!['Planning Time'],
    scans: [...new Set(scans)],
    seqScan,
    plan: lines,
  };
}

// ---------------------------------------------------------------------------------------------
// One engine at one size.

interface Goal {
  text?: number;
  radius?: number;
}

function goalFor(engine: string, sellers: number): Goal {
  if (engine !== 'postgres') return {};
  if (sellers >= 1_000_000) return { text: 100, radius: 100 };
  if (sellers >= 100_000) return { text: 30, radius: 20 };
  return {};
}

interface QueryResult {
  query: Shape['name'];
  example: string;
  requests: number;
  full: Latency;
  bare: Latency;
  ratioP50: number;
  ratioP95: number;
  averageItems: number;
  emptyAnswers: number;
  load?: { full: LoadResult; bare: LoadResult; ratio: number };
  explain: { scans: string[]; seqScan: boolean; variants: ExplainSummary[] };
  goalP95Ms?: number;
  goalMet?: boolean;
}

interface Run {
  engine: 'pglite' | 'postgres';
  sellers: number;
  date: string;
  seed: SeedTimes & { tableMB: number; indexesMB: Record<string, number> };
  /** 1-minute load average before and after measuring: this machine may be shared. */
  loadAverage: { before: number; after: number; cores: number };
  queries: QueryResult[];
}

async function benchmark(
  { handle, dataDir, databaseUrl }: BenchTarget,
  sellers: number,
): Promise<Run> {
  console.log(`\n[${handle.engine} ${sellers.toLocaleString('en-US')}] seeding…`);
  await handle.migrate();
  const times = await seed(handle, sellers, databaseUrl);
  const { query } = rawClient(handle);
  const { rows: sizes } = await query(
    `select c.relname as name, pg_relation_size(c.oid)::float8 / 1048576 as mb
     from pg_class c where c.relname = 'users'
        or c.oid in (select indexrelid from pg_index where indrelid = 'users'::regclass)`,
  );
  const mb = (name: string) => Math.round(Number(sizes.find((row) => row.name === name)?.mb ?? 0));
  const seedInfo = {
    ...times,
    tableMB: mb('users'),
    indexesMB: Object.fromEntries(
      sizes
        .filter((row) => row.name !== 'users')
        .map((row) => [row.name as string, mb(row.name as string)]),
    ),
  };

  const config = benchAppConfig(dataDir);
  const full = await buildApp(config, { database: handle, logger: false });
  const bare = bareApp(handle.db);
  const fullBase = await listen(full);
  const bareBase = await listen(bare);
  const goal = goalFor(handle.engine, sellers);
  const loadBefore = loadavg()[0]!;
  const queries: QueryResult[] = [];
  try {
    for (const shape of SHAPES) {
      const url = (base: string, index: number) => `${base}/api/v1/users?${shape.variant(index)}`;
      // Same first page from both, for every variant: the bare route really runs the same query
      // (the full app orders a page's rows by match quality, so the same rows, in any order).
      let items = 0;
      let empty = 0;
      for (let index = 0; index < shape.variants; index += 1) {
        const [a, b] = [await get(url(fullBase, index)), await get(url(bareBase, index))];
        if ([...a.ids].sort().join() !== [...b.ids].sort().join()) {
          throw new Error(`${shape.name} ${shape.variant(index)}: full and bare answers differ`);
        }
        items += a.ids.length;
        if (a.ids.length === 0) empty += 1;
      }
      for (let index = 0; index < WARMUP_REQUESTS; index += 1) {
        await get(url(fullBase, index));
        await get(url(bareBase, index));
      }
      const fullMs: number[] = [];
      const bareMs: number[] = [];
      const measureStarted = performance.now();
      for (let index = 0; index < REQUESTS; index += 1) {
        if (index >= 20 && performance.now() - measureStarted > SHAPE_SECONDS * 1000) {
          console.log(`  ${shape.name}: stopped after ${index} requests (BENCH_SHAPE_SECONDS)`);
          break;
        }
        // Alternate which goes first, so neither always meets the warmer cache.
        if (index % 2 === 0) {
          fullMs.push((await get(url(fullBase, index))).ms);
          bareMs.push((await get(url(bareBase, index))).ms);
        } else {
          bareMs.push((await get(url(bareBase, index))).ms);
          fullMs.push((await get(url(fullBase, index))).ms);
        }
      }
      const fullLatency = latency(fullMs);
      const bareLatency = latency(bareMs);

      const variants: ExplainSummary[] = [];
      for (let index = 0; index < shape.variants; index += 1) {
        const { plan, ...summary } = await explain(handle, shape.variant(index));
        variants.push(index === 0 ? { ...summary, plan } : summary);
      }

      let loadResult: QueryResult['load'];
      if (RUN_LOAD) {
        try {
          const fullLoad = await load(`full ${shape.name}`, url(fullBase, 0), LOAD_OPTIONS);
          const bareLoad = await load(`bare ${shape.name}`, url(bareBase, 0), LOAD_OPTIONS);
          loadResult = {
            full: fullLoad,
            bare: bareLoad,
            ratio: fullLoad.requestsPerSec / Math.max(bareLoad.requestsPerSec, 0.001),
          };
        } catch (error) {
          // Too slow for autocannon's 10 s timeout, typically: latencies above still stand.
          console.log(`  ${shape.name}: load run failed: ${(error as Error).message}`);
        }
      }

      const goalP95Ms =
        shape.name === 'text' ? goal.text : shape.name === 'radius' ? goal.radius : undefined;
      const result: QueryResult = {
        query: shape.name,
        example: `GET /api/v1/users?${shape.variant(0)}`,
        requests: fullMs.length,
        full: fullLatency,
        bare: bareLatency,
        ratioP50: fullLatency.p50 / Math.max(bareLatency.p50, 0.001),
        ratioP95: fullLatency.p95 / Math.max(bareLatency.p95, 0.001),
        averageItems: items / shape.variants,
        emptyAnswers: empty,
        load: loadResult,
        explain: {
          scans: [...new Set(variants.flatMap((variant) => variant.scans))],
          seqScan: variants.some((variant) => variant.seqScan),
          variants,
        },
        goalP95Ms,
        goalMet: goalP95Ms === undefined ? undefined : fullLatency.p95 <= goalP95Ms,
      };
      queries.push(result);
      console.log(
        `  ${shape.name}: p50 ${fullLatency.p50} ms, p95 ${fullLatency.p95} ms (bare p95 ${bareLatency.p95} ms), plan: ${result.explain.scans.join(', ')}`,
      );
    }
  } finally {
    await full.close();
    await bare.close();
  }
  return {
    engine: handle.engine,
    sellers,
    date: new Date().toISOString(),
    seed: seedInfo,
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
    `\nGET /api/v1/users — ${run.engine}, ${run.sellers.toLocaleString('en-US')} sellers, up to ${REQUESTS} sequential requests per query (full app vs bare route, same SQL), Node ${process.version}`,
  );
  console.log(
    `load: insert ${run.seed.insertSeconds.toFixed(1)} s, indexes ${run.seed.indexSeconds.toFixed(1)} s, vacuum analyze ${run.seed.analyzeSeconds.toFixed(1)} s; table ${run.seed.tableMB} MB; machine load average ${run.loadAverage.before} → ${run.loadAverage.after} on ${run.loadAverage.cores} cores\n`,
  );
  printTable(
    run.queries.map((result) => ({
      query: result.query,
      n: result.requests,
      'p50 ms': result.full.p50,
      'p95 ms': result.full.p95,
      'p99 ms': result.full.p99,
      'bare p95 ms': result.bare.p95,
      ratio: Math.round(result.ratioP95 * 100) / 100,
      ...(result.load
        ? {
            'req/s': Math.round(result.load.full.requestsPerSec),
            'bare req/s': Math.round(result.load.bare.requestsPerSec),
          }
        : {}),
      items: result.averageItems,
      'explain ms':
        Math.round(Math.max(...result.explain.variants.map((v) => v.executionMs)) * 10) / 10,
      'index used':
        result.explain.scans.filter((scan) => !scan.startsWith('Seq Scan')).join(', ') || 'none',
      'seq scan?': result.explain.seqScan ? 'YES' : 'no',
      'goal met?':
        result.goalP95Ms === undefined
          ? 'n/a'
          : `${result.goalMet ? 'yes' : 'NO'} (p95 ≤ ${result.goalP95Ms})`,
    })),
  );
  for (const result of run.queries) {
    const first = result.explain.variants[0]!;
    console.log(
      `\n  EXPLAIN ${result.query} (${first.search}): ${first.executionMs.toFixed(2)} ms`,
    );
    for (const line of first.plan ?? []) console.log(`    ${line}`);
  }
}

// ---------------------------------------------------------------------------------------------

interface Target {
  engine: 'pglite' | 'postgres';
  sellers: number;
}

const targets: Target[] = [];
if (ENGINES.includes('pglite')) targets.push({ engine: 'pglite', sellers: SELLERS });
if (ENGINES.includes('postgres')) {
  if (PG_ADMIN_URL) {
    targets.push({ engine: 'postgres', sellers: SELLERS });
    if (LARGE) targets.push({ engine: 'postgres', sellers: LARGE_SELLERS });
  } else {
    console.log(
      'PostgreSQL skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to an admin connection.',
    );
  }
}

const runs: Run[] = [];
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error) => console.error(error));
  })());
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  for (const target of targets) {
    const opened = await openBenchTarget(target.engine, { adminUrl: PG_ADMIN_URL, keep: KEEP_DB });
    cleanups.push(opened.close);
    try {
      const run = await benchmark(opened, target.sellers);
      runs.push(run);
      printRun(run);
    } finally {
      cleanups.splice(cleanups.indexOf(opened.close), 1);
      await opened.close();
    }
  }

  // Keep earlier runs of engines/sizes not measured this time, so one file holds them all.
  const key = (run: { engine: string; sellers: number }) => `${run.engine}:${run.sellers}`;
  const previous = await readFile(join(resultsDir, `${NAME}.json`), 'utf8')
    .then((text) => (JSON.parse(text) as { runs?: Run[] }).runs ?? [])
    .catch(() => [] as Run[]);
  const measured = new Set(runs.map(key));
  const allRuns = [...previous.filter((run) => !measured.has(key(run))), ...runs].sort(
    (a, b) => a.engine.localeCompare(b.engine) || a.sellers - b.sellers,
  );
  const file = await writeResult(NAME, {
    route: 'GET /api/v1/users (anonymous: sellers)',
    config: {
      requests: REQUESTS,
      warmupRequests: WARMUP_REQUESTS,
      radiusKm: RADIUS_KM,
      load: RUN_LOAD ? LOAD_OPTIONS : false,
      goals: 'PostgreSQL: text p95 ≤ 30 ms and radius p95 ≤ 20 ms at 100k; ≤ 100 ms at 1M',
      shapes: SHAPES.map((shape) =>
        Array.from({ length: shape.variants }, (_, index) => shape.variant(index)),
      ),
    },
    runs: allRuns,
  });
  console.log(`\nWrote ${file}`);
} finally {
  await cleanUp();
}
