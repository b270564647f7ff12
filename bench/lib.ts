/**
 * Shared pieces of the benchmarks: a bounded load generator (autocannon in a worker thread, so
 * the process under test keeps its event loop, or in a process of its own with every latency
 * kept), the seller seed, the table printer, the JSON result writer and a real SMTP peer in a
 * process of its own.
 */
import { fork, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { createRandom, generateSellers } from '../apps/server/src/db/seed/generate.js';
import type { LoadFigures, LoadJob } from './load-generator.js';

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

/**
 * A benchmark's setting from the environment (BENCH_*), or `fallback` when unset: a positive
 * number, or also 0 with `allowZero`; anything else stops the run with the setting's name.
 */
export function knob(name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  }
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
    duration: knob('BENCH_DURATION', 10),
    warmup: knob('BENCH_WARMUP', 2),
    connections: Math.round(knob('BENCH_CONNECTIONS', 10)),
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

export interface ConcurrencyResult {
  target: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Answers by status code ("200", "503"…). */
  statuses: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The p-th percentile of ascending samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * `connections` concurrent connections for `duration` seconds (after `warmup` unmeasured ones),
 * each sending `paths` in turn as soon as its last answer arrived, from a load generator in a
 * process of its own (bench/load-generator.ts). Non-2xx answers are counted, not fatal: a
 * refusal under load is a figure of the run. A request unanswered after `timeout` seconds is a
 * timeout.
 */
export async function loadFromProcess(
  target: string,
  base: string,
  paths: string[],
  options: LoadOptions & { timeout?: number },
): Promise<ConcurrencyResult> {
  assertLocal(base);
  const job: LoadJob = {
    base,
    paths,
    connections: options.connections,
    duration: options.duration,
    warmup: options.warmup,
    timeout: options.timeout ?? 10,
  };
  const child = fork(fileURLToPath(new URL('./load-generator.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answer = new Promise<{ figures?: LoadFigures; error?: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { figures?: LoadFigures }));
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
  });
  child.send(job);
  const { figures, error } = await answer;
  if (!figures) throw new Error(`${target}: the load generator failed: ${error}`);
  const round = (value: number) => Math.round(value * 10) / 10;
  const ok = Object.entries(figures.statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    target,
    connections: job.connections,
    durationSeconds: job.duration,
    requests: figures.requests,
    requestsPerSec: Math.round(figures.requestsPerSec),
    latencyMs: {
      p50: round(percentile(figures.latencies, 50)),
      p95: round(percentile(figures.latencies, 95)),
      p99: round(percentile(figures.latencies, 99)),
      // A request given up counts as at least the time it was given.
      max: round(
        figures.timeouts > 0 ? job.timeout * 1000 : (figures.latencies.at(-1) ?? Number.NaN),
      ),
    },
    statuses: figures.statuses,
    non2xx: figures.requests - ok,
    errors: figures.errors,
    timeouts: figures.timeouts,
  };
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

/** One mail the SMTP sink received: when (epoch ms), to whom, its subject and size. */
export interface ReceivedMail {
  at: number;
  to: string[];
  subject: string;
  bytes: number;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for the app's SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` mails have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** A real SMTP peer (bench/fixtures/smtp-sink.ts) in a child process, and what it received. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const entry = fileURLToPath(new URL('./fixtures/smtp-sink.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { port: number } | ReceivedMail;
      if ('port' in message) resolve(message.port);
      else {
        received.push(message);
        for (const wake of waiters) wake();
      }
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} of ${count} mails arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
