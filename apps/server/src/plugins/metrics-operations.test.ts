import { performance } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.js';
import { JOB_QUEUE_SCHEMA, type SqlExecutor } from '../db/job-queue.js';
import { registerJobBacklog } from './metrics-samplers.js';

const TOKEN = 'a-metrics-token-of-32-characters';

/** The sample of `name` carrying all of `labels` (in any order), or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = line.match(/^([\w:]+)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const have = match[2]?.split(',') ?? [];
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

const built = await buildTestApp({ METRICS_TOKEN: TOKEN }, { queueTimeoutMs: 100 });

describe('/metrics, what an operator watches', () => {
  const scrape = async () => {
    const { app } = built;
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('names the running build, and the event loop utilisation since the last scrape', async () => {
    const text = await scrape();
    // Run from source there is no baked build: both read `dev`.
    expect(
      sample(text, 'maya_build_info', { version: 'dev', commit: 'dev', node: process.version }),
    ).toBe(1);
    // Busy for 200 ms between two scrapes: the loop was busy for a large share of the time.
    const until = performance.now() + 200;
    while (performance.now() < until);
    const utilisation = sample(await scrape(), 'maya_event_loop_utilization');
    expect(utilisation).toBeGreaterThan(0.3);
    expect(utilisation).toBeLessThanOrEqual(1);
  });

  it("counts each queue's due, scheduled and running jobs and the oldest due job's age", async () => {
    const { app } = built;
    // A queue with no worker in this process: its jobs stay where they are sent.
    const boss = new PgBoss({
      db: app.database.sql,
      schema: JOB_QUEUE_SCHEMA,
      migrate: false,
      supervise: false,
      schedule: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await boss.createQueue('metrics-probe');
      await boss.send('metrics-probe', { n: 1 });
      await boss.send('metrics-probe', { n: 2 });
      await boss.send('metrics-probe', { n: 3 }, { startAfter: 3600 });
    } finally {
      await boss.stop({ graceful: false, close: false, wait: true, timeout: 1_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // A count slower than its 1 s limit (a loaded machine) leaves a scrape without it: try again.
    let text = '';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      text = await scrape();
      if (/^maya_jobs_backlog\{/m.test(text)) break;
    }
    const of = (state: string) =>
      sample(text, 'maya_jobs_backlog', { queue: 'metrics-probe', state });
    expect([of('due'), of('scheduled'), of('active')]).toEqual([2, 1, 0]);
    const age = sample(text, 'maya_jobs_oldest_due_seconds', { queue: 'metrics-probe' });
    expect(age).toBeGreaterThanOrEqual(1);
    expect(age).toBeLessThan(60);
    // The app's own queues are there too, with nothing due.
    expect(text).toMatch(/maya_jobs_backlog\{queue="[\w-]+",state="due"\} 0/);
  });

  it("counts the database's waits: the embedded queue's (and its refusals) or the pool's", async () => {
    const { app, database } = built;
    await app.inject({ method: 'GET', url: '/readyz' });
    if (database.engine === 'pglite') {
      const before = await scrape();
      // The scrape's own count of the job backlog may be waiting its turn as it is read.
      expect(sample(before, 'maya_db_queue_waiting')).toBeGreaterThanOrEqual(0);
      expect(
        sample(before, 'maya_db_queue_wait_seconds_count', { kind: 'request' }),
      ).toBeGreaterThan(0);
      // A scrape's own readiness check waits its turn too, and on a loaded machine may be refused.
      const refusedBefore = sample(before, 'maya_db_queue_refused_total')!;
      expect(refusedBefore).toBeGreaterThanOrEqual(0);
      // Background work holds the one connection for longer than a request may wait (100 ms):
      // the readiness probe's statement is refused, and /readyz says the database is down.
      const held = database.sql.executeSql('select pg_sleep(0.5)');
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      await held;
      expect(ready.statusCode).toBe(503);
      const after = await scrape();
      expect(sample(after, 'maya_db_queue_refused_total')).toBeGreaterThanOrEqual(
        refusedBefore + 1,
      );
      expect(
        sample(after, 'maya_db_queue_wait_seconds_count', { kind: 'background' }),
      ).toBeGreaterThan(0);
    } else {
      const text = await scrape();
      expect(sample(text, 'maya_db_pool_max', { pool: 'app' })).toBeGreaterThan(0);
      expect(
        sample(text, 'maya_db_pool_connections', { pool: 'app', state: 'idle' }),
      ).toBeGreaterThan(0);
      expect(sample(text, 'maya_db_pool_waiting', { pool: 'app' })).toBe(0);
      expect(sample(text, 'maya_db_pool_wait_seconds_count', { pool: 'app' })).toBeGreaterThan(0);
    }
  });
});

describe('the job backlog on a stalled database', () => {
  it('leaves the scrape on time without it, counts the failure and does not pile up counts', async () => {
    const registry = new Registry();
    let calls = 0;
    const stalled: SqlExecutor = {
      executeSql: () => {
        calls += 1;
        return new Promise(() => undefined);
      },
    };
    registerJobBacklog(registry, () => stalled, 200);
    for (const expected of [1, 2]) {
      const startedAt = performance.now();
      const text = await registry.metrics();
      expect(performance.now() - startedAt).toBeLessThan(1_000);
      expect(text).not.toMatch(/^maya_jobs_backlog\{/m);
      expect(sample(text, 'maya_jobs_backlog_sample_failures_total')).toBe(expected);
    }
    // The first count never answered: the second scrape waited for it instead of sending another.
    expect(calls).toBe(1);
  });

  it('counts a failed count as a failed sample', async () => {
    const registry = new Registry();
    registerJobBacklog(
      registry,
      () => ({ executeSql: () => Promise.reject(new Error('relation does not exist')) }),
      1_000,
    );
    const text = await registry.metrics();
    expect(sample(text, 'maya_jobs_backlog_sample_failures_total')).toBe(1);
  });
});
