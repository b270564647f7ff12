import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Counter } from 'prom-client';
import { inBackground } from '../db/background-work.js';
import { JOB_QUEUE_SCHEMA, type SqlExecutor } from '../db/job-queue.js';
import { describeError } from '../lib/redact.js';

export interface QueueOptions {
  /** Attempts after the first, each waiting `retryDelaySeconds` doubled per attempt. */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * pg-boss's policy: `stately` keeps at most one waiting and one running job per singleton key,
   * so a key sent twice while one waits is queued once.
   */
  policy: 'standard' | 'stately';
  /**
   * The most of this process's time the queue's jobs may take (0 < share ≤ 1; 1 unless told).
   * Below 1, after each job the worker waits before fetching the next, in proportion to how long
   * the fetch, the job and the last completion took, so a backlog of background work (digests)
   * leaves the event loop and the database to requests instead of draining at full speed; and
   * while requests keep the event loop busy it waits longer, up to a poll's time
   * (`prolongedPause`).
   */
  share?: number;
}

export interface SendOptions {
  /** One waiting job per key (with the `stately` policy). */
  singletonKey?: string;
  /** Seconds from now before the job may run. */
  startAfterSeconds?: number;
}

export interface JobQueue {
  /**
   * Creates the queue if needed and starts this process's worker on it (when the server listens,
   * with `workersAfterListen`).
   */
  define<T extends object>(
    queue: string,
    options: QueueOptions,
    handler: (data: T) => Promise<void>,
  ): Promise<void>;
  /** Queues a job; `null` when a job with its singleton key is already waiting. */
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
}

/** The event-loop utilisation at or above which a paused background queue waits longer. */
const BUSY_UTILIZATION = 0.5;
/** The shortest step, in ms, by which a busy queue's pause is prolonged. */
const SHORTEST_PROLONGATION_MS = 100;

/**
 * How much longer, in ms, a queue with a share below 1 waits after a pause (0: fetch now).
 * While the rest of the process kept the event loop at least half busy during the pause
 * (requests, sockets, other queues), it waits again, by at least 100 ms and as long as it has
 * waited so far, so background work fills the time requests leave instead of the time they need. It never
 * waits more than `longestMs` in all: a steady load slows the queue down but never stops it.
 */
export function prolongedPause({
  othersUtilization,
  pausedMs,
  longestMs,
}: {
  /** The event loop's utilisation (0–1) over the last wait, when the queue ran nothing. */
  othersUtilization: number;
  /** How long the queue has waited since its last job, in all. */
  pausedMs: number;
  longestMs: number;
}): number {
  const left = longestMs - pausedMs;
  if (othersUtilization < BUSY_UTILIZATION || left <= 0) return 0;
  return Math.min(left, Math.max(SHORTEST_PROLONGATION_MS, pausedMs));
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The durable job queue: pg-boss on the app's own database (PGlite or PostgreSQL, through
 * `database.sql`), so jobs survive a restart and the processes sharing a database share one
 * queue (`FOR UPDATE SKIP LOCKED`: a job runs in one process). Its tables are created by the
 * migrations (`db/job-queue.ts`). Every job counts in /metrics, and a failed one is logged.
 */
export default fp<{
  pollSeconds: number;
  keepFinishedSeconds: number;
  /**
   * The workers' first fetches wait until the server listens (the server's start-up): queues are
   * still created at once, so a job sent before then waits in its queue, but the fetches do not
   * hold up the moment requests are answered. Without it (tests) they start at once.
   */
  workersAfterListen?: boolean;
}>(
  async (app, { pollSeconds, keepFinishedSeconds, workersAfterListen = false }) => {
    // What closing waits for, so nothing of the queue runs on closed connections:
    // - the queue's statements: pg-boss marks a job done or failed without waiting for the
    //   statement (its worker moves on);
    // - the jobs running here: a fetch answered just as the queue stops still runs its job.
    const pending = new Set<Promise<void>>();
    const track = (work: Promise<unknown>) => {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
    };
    const executor: SqlExecutor = {
      executeSql(text, values) {
        const statement = app.database.sql.executeSql(text, values);
        track(statement);
        return statement;
      },
    };
    const boss = new PgBoss({
      db: executor,
      schema: JOB_QUEUE_SCHEMA,
      migrate: false,
      schedule: false,
      // A finished job (done, or failed for good) moves to the archive after keepFinishedSeconds
      // and is deleted from it as long after, so its row (whose data names an account) does not
      // outlive its use. pg-boss's maintenance, run by one process at a time, does both.
      archiveCompletedAfterSeconds: keepFinishedSeconds,
      archiveFailedAfterSeconds: keepFinishedSeconds,
      deleteAfterSeconds: keepFinishedSeconds,
      maintenanceIntervalSeconds: Math.min(120, keepFinishedSeconds),
    });
    boss.on('error', (error) => app.log.error({ cause: describeError(error) }, 'job queue error'));
    await boss.start();

    const counter = (name: string, help: string) =>
      new Counter({ name, help, labelNames: ['queue'], registers: [app.metrics] });
    const queued = counter('maya_jobs_queued_total', 'Jobs queued, by queue');
    const completed = counter('maya_jobs_completed_total', 'Jobs done, by queue');
    const failed = counter('maya_jobs_failed_total', 'Job attempts that failed, by queue');

    // This process's worker on each queue, woken when a job due now is queued here.
    const workers = new Map<string, string>();
    // The workers waiting for the server to listen (`workersAfterListen`), started in order then.
    let held: (() => Promise<void>)[] | undefined = workersAfterListen ? [] : undefined;
    if (held) {
      app.addHook('onListen', async () => {
        const starts = held ?? [];
        held = undefined;
        for (const start of starts) {
          await start().catch((error: unknown) =>
            app.log.error({ cause: describeError(error) }, 'a job worker could not start'),
          );
        }
      });
    }
    const pauses = new Set<NodeJS.Timeout>();
    let closing = false;
    /**
     * Waits `ms`, then `resume`s, unless the rest of the process kept the event loop busy
     * meanwhile: then it waits again (`prolongedPause`), up to a poll's time in all.
     */
    const pauseThen = (ms: number, pausedBefore: number, resume: () => void) => {
      const from = performance.eventLoopUtilization();
      const pause = setTimeout(() => {
        pauses.delete(pause);
        if (closing) return;
        const pausedMs = pausedBefore + ms;
        const more = prolongedPause({
          othersUtilization: performance.eventLoopUtilization(from).utilization,
          pausedMs,
          longestMs: pollSeconds * 1000,
        });
        if (more > 0) pauseThen(more, pausedMs, resume);
        else resume();
      }, ms);
      pauses.add(pause);
    };
    const jobs: JobQueue = {
      async define(queue, options, handler) {
        const share = options.share ?? 1;
        // When the worker was last woken after a pause: the cycle since then (the last job's
        // completion, this fetch and this job) is what the share is measured on.
        let resumedAt: number | undefined;
        await boss.createQueue(queue, {
          name: queue,
          policy: options.policy,
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: true,
        });
        const runJob = async (job: PgBoss.Job<object>) => {
          const cycleStart = resumedAt ?? performance.now();
          resumedAt = undefined;
          try {
            // Nobody waits on a job this instant: on the embedded database its statements let
            // the requests' go first (db/background-work.ts).
            await inBackground(() => handler(job.data as Parameters<typeof handler>[0]));
            completed.inc({ queue });
          } catch (error) {
            failed.inc({ queue });
            app.log.error(
              { queue, job: job.id, cause: describeError(error) },
              'a job failed; it is retried with backoff until its retry limit',
            );
            throw error;
          } finally {
            // Fetch again at once rather than after a poll (a backlog drains at full speed),
            // or after a pause that keeps the queue within its share of the process's time.
            const self = closing ? undefined : workers.get(queue);
            const busyMs = performance.now() - cycleStart;
            const pauseMs = Math.min(busyMs * (1 / share - 1), pollSeconds * 1000);
            if (self && pauseMs < 1) boss.notifyWorker(self);
            else if (self)
              pauseThen(pauseMs, 0, () => {
                resumedAt = performance.now();
                boss.notifyWorker(self);
              });
          }
        };
        const startWorker = async () => {
          if (closing) return;
          const worker = await boss.work<object>(
            queue,
            { pollingIntervalSeconds: pollSeconds, batchSize: 1 },
            ([job]) => {
              if (!job) return Promise.resolve();
              const run = runJob(job);
              track(run);
              return run;
            },
          );
          workers.set(queue, worker);
        };
        if (held) held.push(startWorker);
        else await startWorker();
      },
      async send(queue, data, options = {}) {
        const id = await boss.send(queue, data, {
          ...(options.singletonKey && { singletonKey: options.singletonKey }),
          ...(options.startAfterSeconds && { startAfter: Math.ceil(options.startAfterSeconds) }),
        });
        if (id) queued.inc({ queue });
        // Due now: run it without waiting for the next poll (a mail someone is waiting for).
        const worker = workers.get(queue);
        if (id && !options.startAfterSeconds && worker) boss.notifyWorker(worker);
        return id;
      },
    };
    app.decorate('jobs', jobs);
    // Registered after the database, so closed before it: running jobs finish (or are failed
    // back to the queue for another process) before the connections go.
    app.addHook('onClose', async () => {
      closing = true;
      for (const pause of pauses) clearTimeout(pause);
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 5_000 });
      const deadline = Date.now() + 10_000;
      while (pending.size > 0 && Date.now() < deadline) {
        await Promise.race([Promise.all(pending), sleep(deadline - Date.now())]);
        // A statement's answer may start a job only on the next turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (pending.size > 0)
        app.log.warn({ pending: pending.size }, 'closed with job work still running');
    });
  },
  { name: 'jobs', dependencies: ['database', 'metrics'] },
);
