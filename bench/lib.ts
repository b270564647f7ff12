/**
 * Shared pieces of the benchmarks: a bounded load generator (autocannon in a worker thread, so
 * the process under test keeps its event loop), the seller seed, the table printer and the JSON
 * result writer.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { createRandom, generateSellers } from '../apps/server/src/db/seed/generate.js';

export const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

/**
 * Inserts `count` generated sellers (the same ones every run) in batches, then collects
 * statistics, as the demo seed does: the embedded engine collects none by itself.
 */
export async function seedSellers(db: Database, count: number, batch = 500): Promise<void> {
  const sellers = generateSellers(count, {
    passwordHash: 'bench-fixed-password-hash',
    random: createRandom(2026),
  });
  for (let start = 0; start < sellers.length; start += batch) {
    await db.insert(users).values(sellers.slice(start, start + batch));
  }
  await db.execute(sql`analyze`);
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export interface LoadOptions {
  /** Seconds of measured load; BENCH_DURATION, default 10. */
  duration: number;
  /** Seconds of unmeasured load first; BENCH_WARMUP, default 2. */
  warmup: number;
  /** Concurrent connections; BENCH_CONNECTIONS, default 10. */
  connections: number;
  /**
   * Requests per second across all connections, for a latency figure at a set load; unset, each
   * connection sends its next request as soon as the last is answered (saturation).
   */
  rate?: number;
}

export function loadOptionsFromEnv(): LoadOptions {
  return {
    duration: positiveNumber('BENCH_DURATION', 10),
    warmup: positiveNumber('BENCH_WARMUP', 2),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 10)),
  };
}

export interface LoadResult {
  target: string;
  url: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP90Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  throughputBytesPerSec: number;
}

/** Benchmarks only ever load this machine. */
export function assertLocal(url: string): void {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`Refusing to load ${url}: only 127.0.0.1 targets`);
}

function fire(url: string, connections: number, duration: number, rate?: number) {
  return autocannon({
    url,
    connections,
    duration,
    workers: 1,
    timeout: 10,
    ...(rate ? { overallRate: rate } : {}),
  });
}

/** Warm-up, then the measured run. Fails when any answer was not 2xx or any request errored. */
export async function load(target: string, url: string, options: LoadOptions): Promise<LoadResult> {
  assertLocal(url);
  if (options.warmup > 0) await fire(url, options.connections, options.warmup, options.rate);
  const result = await fire(url, options.connections, options.duration, options.rate);
  const outcome: LoadResult = {
    target,
    url,
    requestsPerSec: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP90Ms: result.latency.p90,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    throughputBytesPerSec: result.throughput.average,
  };
  if (outcome.non2xx > 0 || outcome.errors > 0) {
    throw new Error(
      `${target}: ${outcome.non2xx} non-2xx answers and ${outcome.errors} errors out of ${outcome.requests} requests`,
    );
  }
  return outcome;
}

/** A plain aligned table; numbers are right-aligned. */
export function printTable(rows: Record<string, string | number>[]): void {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const cell = (value: string | number | undefined) =>
    typeof value === 'number'
      ? value.toLocaleString('en-US', { maximumFractionDigits: 2 })
      : (value ?? '');
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => cell(row[column]).length)),
  );
  const line = (values: string[], numeric: boolean[]) =>
    values
      .map((value, index) =>
        numeric[index] ? value.padStart(widths[index]!) : value.padEnd(widths[index]!),
      )
      .join('  ');
  console.log(
    line(
      columns,
      columns.map(() => false),
    ),
  );
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) {
    console.log(
      line(
        columns.map((column) => cell(row[column])),
        columns.map((column) => typeof row[column] === 'number'),
      ),
    );
  }
}

export async function writeResult(name: string, data: Record<string, unknown>): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ name, date: new Date().toISOString(), node: process.version, ...data }, null, 2)}\n`,
  );
  return file;
}
