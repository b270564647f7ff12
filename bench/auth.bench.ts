/**
 * What sign-in costs. (a) One password verification with the server's argon2id parameters,
 * against a SHA-256 of the same input measured in the same run, to show the deliberate cost.
 * (b) Whether that cost leaks into reads: the p99 of GET /api/v1/users?role=seller&limit=24 on
 * the full app (embedded PGlite seeded with BENCH_SELLERS sellers, as in read-route.bench.ts),
 * at BENCH_READS_PER_SEC (100) requests a second, first alone, then while BENCH_SIGNINS_PER_SEC
 * (20) correct sign-ins a second run beside it.
 * Goal: the read p99 stays ≤ 100 ms.
 *
 * Unlike read-route.bench.ts the server runs in a child process (the real entry, server.ts):
 * argon2 works in libuv's thread pool, and in one process a queue of verifications there also
 * stalls the load generator's own start-up (a worker thread loading its files), which measured
 * the bench rather than the server. Only 127.0.0.1 is ever targeted.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { createDatabase } from '../apps/server/src/db/client.js';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/password.js';
import { startServerProcess } from '../apps/server/test/server-process.js';
import {
  assertLocal,
  load,
  loadOptionsFromEnv,
  printTable,
  seedSellers,
  writeResult,
  type LoadResult,
} from './lib.js';

const NAME = 'auth';
const SELLERS = Number(process.env.BENCH_SELLERS ?? 2000);
const VERIFY_RUNS = Number(process.env.BENCH_VERIFY_RUNS ?? 30);
const SIGNINS_PER_SEC = Number(process.env.BENCH_SIGNINS_PER_SEC ?? 20);
const READS_PER_SEC = Number(process.env.BENCH_READS_PER_SEC ?? 100);
const SIGNIN_USERS = 5;
const BATCH = 500;
const READ_PATH = '/api/v1/users?role=seller&limit=24';
const GOAL_P99_MS = 100;
const PASSWORD = 'a long enough passphrase for the bench';

/** Nearest-rank percentile of a sample, in its own unit. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

async function timeRuns(runs: number, work: () => unknown): Promise<number[]> {
  for (let warm = 0; warm < 3; warm += 1) await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

interface Answer {
  status: number;
  ms: number;
}

/** One sign-in over a fresh connection from `localAddress`, so each client has its own address. */
function signIn(base: string, origin: string, email: string, localAddress: string) {
  const url = new URL('/api/v1/auth/login', base);
  assertLocal(url.toString());
  const body = JSON.stringify({ email, password: PASSWORD });
  const start = performance.now();
  return new Promise<Answer>((resolve) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress,
        headers: {
          origin,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - start }),
        );
      },
    );
    outgoing.once('error', () => resolve({ status: 0, ms: performance.now() - start }));
    outgoing.end(body);
  });
}

/** At most this many sign-ins wait at once; beyond it a tick is skipped and counted. */
const MAX_IN_FLIGHT = 200;

/**
 * Sign-ins at a fixed rate (open loop: a slow answer does not delay the next one). Sign-in shares
 * a limit of 60 requests per 15 minutes per address with sign-up, so the clients come from many
 * loopback addresses (127.0.0.2–201), as people would from their own.
 */
function startSignIns(base: string, origin: string, emails: string[]) {
  const answers: Answer[] = [];
  const pending = new Set<Promise<void>>();
  let sent = 0;
  let skipped = 0;
  const started = performance.now();
  const timer = setInterval(() => {
    if (pending.size >= MAX_IN_FLIGHT) {
      skipped += 1;
      return;
    }
    const index = sent;
    sent += 1;
    const attempt = signIn(
      base,
      origin,
      emails[index % emails.length]!,
      `127.0.0.${2 + (index % 200)}`,
    )
      .then((answer) => void answers.push(answer))
      .finally(() => pending.delete(attempt));
    pending.add(attempt);
  }, 1000 / SIGNINS_PER_SEC);
  return async function stop() {
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(pending);
    return { answers, skipped, seconds };
  };
}

/** (a) One verification at a time, so each has the machine to itself. */
async function measurePasswordCheck() {
  const passwordHash = await hashPassword(PASSWORD);
  const verifyTimes = await timeRuns(VERIFY_RUNS, async () => {
    if (!(await verifyPassword(passwordHash, PASSWORD))) throw new Error('verification failed');
  });
  const shaTimes = await timeRuns(VERIFY_RUNS, () =>
    createHash('sha256').update(PASSWORD).digest('hex'),
  );
  const rows = [
    { operation: 'sha-256 (baseline)', times: shaTimes },
    { operation: 'argon2id verify', times: verifyTimes },
  ].map(({ operation, times }) => ({
    operation,
    runs: times.length,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
  }));
  const verifyCostVsSha256 = rows[1]!.medianMs / Math.max(rows[0]!.medianMs, 0.0001);

  console.log(`\nOne password check, ${VERIFY_RUNS} runs each, Node ${process.version}\n`);
  printTable(
    rows.map((row) => ({
      operation: row.operation,
      runs: row.runs,
      // Microseconds, so the baseline does not round to zero.
      'median µs': Math.round(row.medianMs * 1000),
      'p95 µs': Math.round(row.p95Ms * 1000),
    })),
  );
  console.log(
    `\nargon2id verify: ${Math.round(verifyCostVsSha256).toLocaleString('en-US')}× a SHA-256\n`,
  );
  return { runs: VERIFY_RUNS, rows, verifyCostVsSha256 };
}

type PasswordCheck = Awaited<ReturnType<typeof measurePasswordCheck>>;

async function main(): Promise<void> {
  const passwordCheck = await measurePasswordCheck();
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-'));
  try {
    // Seeded here, then closed: the embedded database is opened by one process at a time.
    const handle = await createDatabase({ kind: 'pglite', dataDir });
    try {
      await handle.migrate();
      await seedSellers(handle.db, SELLERS, BATCH);
      console.log(`Seeded ${SELLERS} sellers into PGlite at ${dataDir}`);
    } finally {
      await handle.close();
    }

    const publicUrl = 'http://127.0.0.1';
    const server = await startServerProcess({
      NODE_ENV: 'production',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    try {
      await measureReads(server.url, new URL(publicUrl).origin, passwordCheck);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** (b) The read route's latency alone, then with sign-ins beside it; writes the result. */
async function measureReads(
  base: string,
  origin: string,
  passwordCheck: PasswordCheck,
): Promise<void> {
  assertLocal(base);
  // Buyers, so the sellers' first page read below stays the seeded one.
  const emails: string[] = [];
  for (let index = 0; index < SIGNIN_USERS; index += 1) {
    const email = `bench-signin-${index}@example.test`;
    const response = await fetch(`${base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        role: 'buyer',
        email,
        password: PASSWORD,
        firstName: 'Bench',
        lastName: `Buyer ${index}`,
      }),
    });
    if (response.status !== 202) throw new Error(`sign-up answered ${response.status}`);
    emails.push(email);
  }
  const check = await signIn(base, origin, emails[0]!, '127.0.0.1');
  if (check.status !== 200) throw new Error(`a correct sign-in answered ${check.status}`);

  // Reads at a set rate (BENCH_READS_PER_SEC, 100), so the p99 is the latency a visitor sees
  // at that load, not the queue of a saturated server.
  const options = { ...loadOptionsFromEnv(), rate: READS_PER_SEC };
  const readUrl = `${base}${READ_PATH}`;
  console.log(
    `read alone: ${options.warmup} s warm-up, then ${options.duration} s at ${READS_PER_SEC} requests/s over ${options.connections} connections…`,
  );
  const alone = await load('read alone', readUrl, options);

  console.log(`read with ${SIGNINS_PER_SEC} sign-ins/s beside it…`);
  const stop = startSignIns(base, origin, emails);
  let busy: LoadResult;
  let signIns: Awaited<ReturnType<typeof stop>>;
  try {
    busy = await load(`read + ${SIGNINS_PER_SEC} sign-ins/s`, readUrl, options);
  } finally {
    signIns = await stop();
  }
  const signInMs = signIns.answers.map((answer) => answer.ms);
  const statuses: Record<string, number> = {};
  for (const answer of signIns.answers) {
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  const failedSignIns = signIns.answers.filter((answer) => answer.status !== 200).length;
  const signInSummary = {
    sent: signIns.answers.length,
    skipped: signIns.skipped,
    perSecond: signIns.answers.length / signIns.seconds,
    statuses,
    p50Ms: percentile(signInMs, 50),
    p99Ms: percentile(signInMs, 99),
  };

  console.log(
    `\nGET ${READ_PATH} — ${SELLERS} sellers, embedded PGlite, Node ${process.version}\n`,
  );
  printTable(
    [alone, busy].map((result) => ({
      run: result.target,
      'req/s': Math.round(result.requestsPerSec),
      'p50 ms': result.latencyP50Ms,
      'p99 ms': result.latencyP99Ms,
      'max ms': result.latencyMaxMs,
      requests: result.requests,
      'non-2xx': result.non2xx,
    })),
  );
  console.log(
    `\nSign-ins beside it: ${signInSummary.sent} in ${signIns.seconds.toFixed(1)} s (${signInSummary.perSecond.toFixed(1)}/s${signIns.skipped > 0 ? `, ${signIns.skipped} skipped with ${MAX_IN_FLIGHT} waiting` : ''}), statuses ${JSON.stringify(statuses)}, p50 ${signInSummary.p50Ms.toFixed(1)} ms, p99 ${signInSummary.p99Ms.toFixed(1)} ms`,
  );
  // No answer within the run at all is a miss, not a p99 of 0.
  const met = busy.requests > 0 && busy.latencyP99Ms <= GOAL_P99_MS;
  const measured = busy.requests > 0 ? `${busy.latencyP99Ms} ms` : 'no read answered in time';
  console.log(
    `Goal: read p99 ≤ ${GOAL_P99_MS} ms with sign-ins — ${measured} (alone ${alone.latencyP99Ms} ms): ${met ? 'met' : 'MISSED'}`,
  );
  if (failedSignIns > 0) {
    throw new Error(
      `${failedSignIns} of ${signInSummary.sent} correct sign-ins did not answer 200`,
    );
  }

  const file = await writeResult(NAME, {
    passwordCheck,
    route: `GET ${READ_PATH}`,
    config: {
      sellers: SELLERS,
      engine: 'pglite',
      server: 'child process',
      signInsPerSecond: SIGNINS_PER_SEC,
      ...options,
    },
    results: [alone, busy],
    signIns: signInSummary,
    goal: { readP99Ms: GOAL_P99_MS, met },
  });
  console.log(`Wrote ${file}`);
}

await main();
