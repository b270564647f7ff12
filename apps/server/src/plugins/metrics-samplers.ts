import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Counter, Gauge, type Registry } from 'prom-client';
import { JOB_QUEUE_SCHEMA, type SqlExecutor } from '../db/job-queue.js';
import type { PoolStats } from '../db/postgres-pool.js';

/**
 * The share of time the event loop was busy since the previous scrape (0 to 1): near 1, the
 * process has no time left for new requests, whatever the CPU figures of the machine say.
 */
export function registerEventLoopUtilization(registry: Registry): void {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  new Gauge({
    name: 'maya_event_loop_utilization',
    help: 'Share of time the event loop was busy since the previous scrape (0 to 1)',
    registers: [registry],
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, last).utilization);
      last = now;
    },
  });
}

/**
 * The connections of the PostgreSQL pools (`app`, `limits`, `realtime`), read on each scrape.
 * Answers the function that adds a pool (and answers the one that removes it).
 */
export function registerPoolGauges(
  registry: Registry,
): (name: string, stats: () => PoolStats) => () => void {
  const pools = new Map<string, () => PoolStats>();
  const read = () => [...pools].map(([pool, stats]) => ({ pool, ...stats() }));
  new Gauge({
    name: 'maya_db_pool_connections',
    help: 'PostgreSQL pool connections, by pool and state (busy: checked out, idle)',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { pool, total, idle } of read()) {
        this.set({ pool, state: 'busy' }, total - idle);
        this.set({ pool, state: 'idle' }, idle);
      }
    },
  });
  new Gauge({
    name: 'maya_db_pool_waiting',
    help: 'Callers waiting for a PostgreSQL pool client because all are checked out, by pool',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { pool, waiting } of read()) this.set({ pool }, waiting);
    },
  });
  new Gauge({
    name: 'maya_db_pool_max',
    help: 'The most connections a PostgreSQL pool opens, by pool',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { pool, max } of read()) this.set({ pool }, max);
    },
  });
  return (name, stats) => {
    pools.set(name, stats);
    return () => pools.delete(name);
  };
}

interface BacklogRow {
  queue: string;
  due: number | string;
  scheduled: number | string;
  active: number | string;
  oldest_due_seconds: number | string | null;
}

/** Each queue's jobs not yet finished, in one statement over pg-boss's tables. */
const backlogSql = `
select q.name as queue,
  count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now()) as due,
  count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now()) as scheduled,
  count(j.id) filter (where j.state = 'active') as active,
  extract(epoch from now() - min(j.start_after)
    filter (where j.state in ('created', 'retry') and j.start_after <= now()))::float8
    as oldest_due_seconds
from ${JOB_QUEUE_SCHEMA}.queue q
left join ${JOB_QUEUE_SCHEMA}.job j on j.name = q.name and j.state < 'completed'
group by q.name`;

/**
 * The job queue's backlog, counted in the database on each scrape (so every process sharing a
 * database reports the same, whole queue): jobs due and waiting, scheduled for later and running,
 * and the age of the oldest due job, by queue. A count that takes longer than `timeoutMs` (a
 * slow or stalled database) leaves the scrape without these samples instead of holding it, and
 * counts as a failed sample; a count still running is not started again.
 */
export function registerJobBacklog(
  registry: Registry,
  sql: () => SqlExecutor | undefined,
  timeoutMs: number,
): void {
  const failures = new Counter({
    name: 'maya_jobs_backlog_sample_failures_total',
    help: 'Scrapes whose count of the job backlog failed or took longer than its limit',
    registers: [registry],
    // Read once this scrape's count has answered or been given up, so it counts this one.
    async collect() {
      await rowsForScrape();
    },
  });
  let inFlight: Promise<BacklogRow[]> | undefined;
  let sample: Promise<BacklogRow[] | undefined> | undefined;
  /** One count per scrape, shared by the gauges it fills. */
  const take = (): Promise<BacklogRow[] | undefined> => {
    const executor = sql();
    if (!executor) return Promise.resolve(undefined);
    inFlight ??= executor.executeSql(backlogSql).then((result) => result.rows as BacklogRow[]);
    const current = inFlight;
    void current.then(
      () => (inFlight === current ? (inFlight = undefined) : undefined),
      () => (inFlight === current ? (inFlight = undefined) : undefined),
    );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
      timer.unref();
    });
    return Promise.race([current, timedOut])
      .catch(() => undefined)
      .then((rows) => {
        clearTimeout(timer);
        if (!rows) failures.inc();
        return rows;
      });
  };
  const rowsForScrape = () => {
    // A scrape asks every metric at once, so its gauges share one count; the next counts afresh.
    sample ??= take().finally(() => (sample = undefined));
    return sample;
  };

  new Gauge({
    name: 'maya_jobs_backlog',
    help: 'Jobs not finished, by queue and state (due: waiting to run now; scheduled: for later; active: running)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const rows = await rowsForScrape();
      this.reset();
      for (const row of rows ?? []) {
        this.set({ queue: row.queue, state: 'due' }, Number(row.due));
        this.set({ queue: row.queue, state: 'scheduled' }, Number(row.scheduled));
        this.set({ queue: row.queue, state: 'active' }, Number(row.active));
      }
    },
  });
  new Gauge({
    name: 'maya_jobs_oldest_due_seconds',
    help: 'Age of the oldest job due to run and still waiting, by queue (0 when none waits)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const rows = await rowsForScrape();
      this.reset();
      for (const row of rows ?? []) {
        this.set({ queue: row.queue }, Math.max(0, Number(row.oldest_due_seconds ?? 0)));
      }
    },
  });
}
