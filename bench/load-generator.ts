/**
 * A load generator in a process of its own (started by `loadFromProcess` in lib.ts): autocannon
 * without workers, so every answer's latency is recorded exactly (p95 included, which
 * autocannon's histogram does not give) and the process under test shares no event loop, heap
 * or garbage collector with it. It takes its job over IPC and answers with the figures.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  base: string;
  /** Paths (with query strings) each connection sends in turn, so no single page is hot. */
  paths: string[];
  connections: number;
  duration: number;
  warmup: number;
  /** Seconds before autocannon gives a request up (counted as a timeout). */
  timeout: number;
}

export interface LoadFigures {
  requests: number;
  requestsPerSec: number;
  /** Every answered request's latency in ms, sorted ascending. */
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

function run(
  job: LoadJob,
  duration: number,
  latencies?: number[],
  statuses?: Map<number, number>,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.base,
        connections: job.connections,
        duration,
        timeout: job.timeout,
        requests: job.paths.map((path) => ({ method: 'GET', path })),
      },
      (error, result) => (error ? reject(error as Error) : resolve(result)),
    );
    if (latencies && statuses) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        latencies.push(responseTime);
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      });
    }
  });
}

async function measure(job: LoadJob): Promise<LoadFigures> {
  if (job.warmup > 0) await run(job, job.warmup);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await run(job, job.duration, latencies, statuses);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSec: latencies.length / job.duration,
    latencies,
    statuses: Object.fromEntries([...statuses].map(([status, count]) => [String(status), count])),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

process.once('message', (job: LoadJob) => {
  measure(job).then(
    (figures) => process.send!({ figures }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: String(error) }, () => process.exit(1)),
  );
});
