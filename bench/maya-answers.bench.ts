/**
 * Maya answering quote requests (the negotiation issue): BENCH_REQUESTS waiting quote requests
 * (1,000), each from a buyer with a confirmed email to a Pro business of its own with one service
 * and Maya's settings on (a floor and a keep-back, a wait of 10 minutes), answered through the
 * app's real job handler (the `maya-answers` queue on pg-boss): the strategy, the offer through
 * the deals service and her labelled words in the chat, on each engine.
 *
 * 1. Maya run: businesses, buyers and their sessions are inserted directly; each business adds
 *    its service (POST /me/services) and turns Maya on (PUT /me/negotiation), and each buyer asks
 *    for a quote for it (POST /deals, action `request`), all through the app in this process
 *    (buildApp on the database handle), so the deals, the `maya_negotiations` rows and the jobs
 *    are the app's own. Every job, due 10 minutes later, is then moved to one instant T0, as if
 *    every wait ended together. Time: T0 → the last answer (the deal holds the business's offer
 *    and Maya's labelled words are in the chat); answers/s over that time; each answer's lateness
 *    (its words' time after its due time, T0) p50/p95/p99/max; hand-overs by reason and failed
 *    jobs (both 0 when every request is answered); database calls per answer, counted at the
 *    driver as the digest benchmark counts them, split into the job queue's and the app's.
 * 2. Chat delivery while Maya answers: the sockets benchmark's measurement (chat-delivery.ts: the
 *    server entry in a child process, BENCH_SOCKETS sockets, BENCH_RATE messages/s for
 *    BENCH_SECONDS after BENCH_WARMUP) run three times against the same process: without Maya's
 *    turns; with another BENCH_REQUESTS turns due when the measured window opens (requests made
 *    as in 1 before the process started, their jobs moved to a fixed instant BENCH_LEAD seconds
 *    after); and again once she has answered them all, so the two windows without her show how
 *    far the figure moves by itself. Maya's own time in that process (T0 → her last answer) is
 *    reported beside it, and the server's event-loop delay (p99, max) in each window.
 *    Before the first window, BENCH_WARM_TURNS (20) more turns, due as the process starts, are
 *    answered: the first runs of her code after a start (V8 compiling it) once held the event
 *    loop for 10–40 ms at T0, which is the process's start as the chat's own first runs are (its
 *    warm-up), not the burst's. BENCH_WARM_TURNS=0 shows that start.
 *
 * Knobs: BENCH_REQUESTS (1000), BENCH_SOCKETS (200), BENCH_RATE (100), BENCH_SECONDS (10),
 * BENCH_WARMUP (2), BENCH_LEAD (45), BENCH_WARM_TURNS (20), BENCH_ENGINES (pglite,postgres),
 * BENCH_DATABASE_URL (an admin connection; a database maya_bench_<random> is made and dropped).
 *
 *   BENCH_REQUESTS=50 BENCH_ENGINES=pglite npm run bench -- maya-answers
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import {
  createDatabase,
  openPglite,
  selectRows,
  type DatabaseHandle,
} from '../apps/server/src/db/client.js';
import { JOB_QUEUE_SCHEMA } from '../apps/server/src/db/job-queue.js';
import { sessions, users } from '../apps/server/src/db/schema/index.js';
import { uuidv7 } from '../apps/server/src/lib/uuid.js';
import { hashToken } from '../apps/server/src/modules/auth/tokens.js';
import { MAYA_ANSWERS_QUEUE } from '../apps/server/src/modules/negotiation/maya-answers.js';
import {
  appSend,
  cleanUp,
  cleanups,
  closeAll,
  connectAll,
  createPostgresDatabase,
  inParallel,
  insertUsers,
  makeUsers,
  measureLatency,
  METRICS_TOKEN,
  openChat,
  pairUp,
  percentile,
  round,
  SEND_LIMIT_PER_MINUTE,
  sleep,
  startApp,
  type LatencyResult,
} from './chat-delivery.js';
import { knob, printTable, writeResult } from './lib.js';

const NAME = 'maya-answers';
const REQUESTS = Math.round(knob('BENCH_REQUESTS', 1000));
const SOCKETS = Math.round(knob('BENCH_SOCKETS', 200));
const LOAD = {
  rate: knob('BENCH_RATE', 100),
  seconds: knob('BENCH_SECONDS', 10),
  warmup: knob('BENCH_WARMUP', 2, { allowZero: true }),
};
const LEAD_SECONDS = knob('BENCH_LEAD', 45);
/**
 * Maya's turns answered as the server process starts, before either chat window: her code's
 * first runs (V8 compiling it, first statements of their kind) are the process's start, as the
 * chat's own are its warm-up's, so both windows measure a warmed process.
 */
const WARM_TURNS = Math.round(knob('BENCH_WARM_TURNS', 20, { allowZero: true }));
const ENGINES = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((e) => e.trim());
for (const engine of ENGINES) {
  if (engine !== 'pglite' && engine !== 'postgres') {
    throw new Error(`BENCH_ENGINES: unknown engine ${engine} (pglite, postgres)`);
  }
}
const PG_ADMIN_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BATCH = 500;
/** Requests made through the app at once while seeding. */
const SEED_CONCURRENCY = 10;
/** The business's wait before Maya answers; the jobs are then moved to T0. */
const WAIT_MINUTES = 10;
/** The longest a Maya run may take before the benchmark gives up on it. */
const ANSWER_TIMEOUT_MS = 600_000;

/** The service each business lists, and Maya's limits on it (minor units, EUR). */
const LIST = 50_000;
const FLOOR = 40_000;
const KEEP_BACK = 5_000;
const BUDGET = 45_000;
const WHEN = { from: '2031-03-10', to: '2031-03-10' };
/** Maya's words start with her label (the `negotiation` catalog's `label`). */
const LABEL = 'Maya (AI) for ';

// ---------------------------------------------------------------- counting database calls

/** Database calls seen at the driver, by what they touch. */
const calls = { queue: 0, app: 0 };

function countCall(query: unknown): void {
  const text =
    typeof query === 'string'
      ? query
      : typeof query === 'object' && query !== null && 'text' in query
        ? String(query.text)
        : '';
  if (text.includes(`${JOB_QUEUE_SCHEMA}.`)) calls.queue += 1;
  else calls.app += 1;
}

/** Every `query` and `exec` of this PGlite instance is counted. */
function countPglite(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    countCall(text);
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) => {
    countCall(text);
    return (exec as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['exec'];
  return client;
}

/** Every node-postgres `Client#query` in this process is counted (pool queries included). */
function countNodePostgres(): void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    countCall(args[0]);
    return original.apply(this, args);
  };
  cleanups.push(async () => {
    prototype.query = original;
  });
}

// ---------------------------------------------------------------- data

interface QuoteRequestMade {
  dealId: string;
  businessId: string;
  buyerId: string;
}

/** A POST or PUT through the app in this process; the answer's JSON, or the run stops. */
async function call<T>(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  payload: object,
  expected: number,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  if (response.statusCode !== expected) {
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<T>();
}

/**
 * REQUESTS Pro businesses and as many buyers (emails confirmed), with live sessions, straight into
 * the database; then, through the app: each business's service and Maya's settings (a wait of
 * WAIT_MINUTES, not at once while offline), and each buyer's quote request for it. Answers once
 * every request's job is queued.
 */
async function seedRequests(
  app: FastifyInstance,
  handle: DatabaseHandle,
  tag: string,
  count = REQUESTS,
): Promise<QuoteRequestMade[]> {
  const now = Date.now();
  const person = (role: 'buyer' | 'seller', index: number) => ({
    id: uuidv7(),
    role,
    email: `bench-${tag}-${role}-${index}@example.test`,
    passwordHash: 'bench-no-password',
    firstName: role === 'seller' ? 'Cais Removals' : `Bea ${index}`,
    lastName: role === 'seller' ? `${index}` : 'Bench',
    category: role === 'seller' ? ('beauty' as const) : null,
    plan: role === 'seller' ? ('pro' as const) : ('free' as const),
    emailVerifiedAt: new Date(now),
    token: randomBytes(32).toString('base64url'),
  });
  const businesses = Array.from({ length: count }, (_, i) => person('seller', i));
  const buyers = Array.from({ length: count }, (_, i) => person('buyer', i));
  const everyone = [...businesses, ...buyers];
  for (let start = 0; start < everyone.length; start += BATCH) {
    const batch = everyone.slice(start, start + BATCH);
    await handle.db.insert(users).values(batch.map(({ token: _token, ...row }) => row));
    await handle.db.insert(sessions).values(
      batch.map((row) => ({
        id: uuidv7(),
        tokenHash: hashToken(row.token),
        userId: row.id,
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + 30 * 24 * 3_600_000),
      })),
    );
  }
  const queuedBefore = await waitingJobs(handle);
  const made = await inParallel(businesses, SEED_CONCURRENCY, async (business, index) => {
    const buyer = buyers[index]!;
    const service = await call<{ id: string }>(
      app,
      'POST',
      '/api/v1/me/services',
      business.token,
      {
        name: 'House move',
        description: 'A van, two movers, up to 6 hours.',
        priceFrom: LIST,
        priceTo: null,
        unit: 'event',
        currency: 'EUR',
      },
      201,
    );
    await call(
      app,
      'PUT',
      '/api/v1/me/negotiation',
      business.token,
      {
        enabled: true,
        answerAfterMinutes: WAIT_MINUTES,
        atOnceWhenOffline: false,
        counterLimit: 3,
        blockedDates: [],
        services: [{ serviceId: service.id, floor: FLOOR, keepBack: KEEP_BACK }],
      },
      200,
    );
    const requested = await call<{ deal: { id: string } }>(
      app,
      'POST',
      '/api/v1/deals',
      buyer.token,
      {
        partnerId: business.id,
        clientId: `bench-${tag}-${index}`,
        action: {
          type: 'request',
          request: {
            serviceId: service.id,
            need: 'Moving a two-bedroom flat.',
            when: WHEN,
            where: 'Lisboa',
            budget: { amount: BUDGET, currency: 'EUR' },
          },
        },
      },
      201,
    );
    return { dealId: requested.deal.id, businessId: business.id, buyerId: buyer.id };
  });
  // Maya's turn is queued after the request's commit: wait for every job.
  const until = Date.now() + 60_000;
  while ((await waitingJobs(handle)) - queuedBefore < count) {
    if (Date.now() > until) throw new Error('the requests did not all queue a Maya turn');
    await sleep(100);
  }
  await handle.db.execute(sql`analyze`);
  return made;
}

async function waitingJobs(handle: DatabaseHandle): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from pgboss.job
        where name = ${MAYA_ANSWERS_QUEUE} and state = 'created'`,
  );
  return row!.n;
}

/** The requests' waiting Maya turns fall due at `dueAt` instead of after the business's wait. */
async function moveJobsTo(
  handle: DatabaseHandle,
  dueAt: Date,
  requests: QuoteRequestMade[],
): Promise<number> {
  const moved = await selectRows<{ id: string }>(
    handle.db,
    sql`update pgboss.job set start_after = ${dueAt.toISOString()}::timestamptz
        where name = ${MAYA_ANSWERS_QUEUE} and state = 'created'
          and data->>'dealId' = any(${`{${requests.map(({ dealId }) => dealId).join(',')}}`}::text[])
        returning id`,
  );
  return moved.length;
}

// ---------------------------------------------------------------- what Maya did

interface Answers {
  requests: number;
  answered: number;
  /** Answered requests whose words do not carry Maya's label. */
  unlabelled: number;
  handOvers: Record<string, number>;
  /** Jobs failed for good, and attempts retried. */
  failedJobs: number;
  retries: number;
  /** Each answer's time after its due time, ascending (ms). */
  lateness: number[];
}

/** What Maya did for the given requests, read from the database. */
async function readAnswers(
  handle: DatabaseHandle,
  made: QuoteRequestMade[],
  dueAt: Date,
): Promise<Answers> {
  const rows = await selectRows<{
    deal_id: string;
    offers: number;
    said_at: Date | string | null;
    body: string | null;
    status: string;
    stop_reason: string | null;
  }>(
    handle.db,
    sql`select d.id as deal_id,
          (select count(*)::int from deal_versions v
            where v.deal_id = d.id and v.by = 'business') as offers,
          m.created_at as said_at, m.body, n.status, n.stop_reason
        from deals d
        join maya_negotiations n on n.deal_id = d.id
        left join messages m on m.chat_id = d.chat_id and m.by_assistant
          and m.deal_id is null and m.client_id = 'mayaw-' || d.id::text || '-0'`,
  );
  const mine = new Set(made.map((request) => request.dealId));
  const lateness: number[] = [];
  const handOvers: Record<string, number> = {};
  let answered = 0;
  let unlabelled = 0;
  for (const row of rows) {
    if (!mine.has(row.deal_id)) continue;
    if (row.status === 'handed_over') {
      const reason = row.stop_reason ?? 'unknown';
      handOvers[reason] = (handOvers[reason] ?? 0) + 1;
    }
    if (row.offers < 1 || row.said_at === null) continue;
    answered += 1;
    if (!row.body?.startsWith(LABEL)) unlabelled += 1;
    lateness.push(new Date(row.said_at).getTime() - dueAt.getTime());
  }
  lateness.sort((a, b) => a - b);
  const [jobs] = await selectRows<{ failed: number; retries: number }>(
    handle.db,
    sql`select count(*) filter (where state = 'failed')::int as failed,
          coalesce(sum(retry_count), 0)::int as retries
        from pgboss.job where name = ${MAYA_ANSWERS_QUEUE}
          and data->>'dealId' = any(${`{${[...mine].join(',')}}`}::text[])`,
  );
  return {
    requests: made.length,
    answered,
    unlabelled,
    handOvers,
    failedJobs: jobs!.failed,
    retries: jobs!.retries,
    lateness,
  };
}

function checkAnswers(answers: Answers): string | undefined {
  const handedOver = Object.values(answers.handOvers).reduce((sum, n) => sum + n, 0);
  if (answers.answered !== answers.requests) {
    return `${answers.answered} of ${answers.requests} requests answered`;
  }
  if (answers.unlabelled > 0) return `${answers.unlabelled} answers without Maya's label`;
  if (handedOver > 0 || answers.failedJobs > 0 || answers.retries > 0) {
    return `${handedOver} hand-overs, ${answers.failedJobs} failed jobs, ${answers.retries} retries`;
  }
  return undefined;
}

const ALL_ANSWERED = 'every request answered, labelled';

interface LatenessMs {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const latenessOf = (answers: Answers): LatenessMs => ({
  p50: round(percentile(answers.lateness, 50)),
  p95: round(percentile(answers.lateness, 95)),
  p99: round(percentile(answers.lateness, 99)),
  max: round(percentile(answers.lateness, 100)),
});

/** The app in this process, on the handle (which it leaves open when it closes). */
async function appOn(handle: DatabaseHandle, dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  const app = await buildApp(config, { database: handle });
  await app.ready();
  return app;
}

// ---------------------------------------------------------------- 1. the Maya run

interface MayaResult {
  engine: string;
  requests: number;
  answered: number;
  seconds: number;
  firstAnswerSeconds: number;
  answersPerSecond: number;
  latenessMs: LatenessMs;
  handOvers: Record<string, number>;
  failedJobs: number;
  retries: number;
  queriesPerAnswer: number;
  appQueriesPerAnswer: number;
  queueQueriesPerAnswer: number;
  seedSeconds: number;
  check: string;
}

async function mayaRun(engine: string, handle: DatabaseHandle, dataDir: string) {
  const app = await appOn(handle, dataDir);
  try {
    const seeding = performance.now();
    const made = await seedRequests(app, handle, 'run');
    const seedSeconds = (performance.now() - seeding) / 1000;
    const dueAt = new Date(Date.now() + 2_000);
    const moved = await moveJobsTo(handle, dueAt, made);
    if (moved !== made.length) throw new Error(`${moved} jobs moved for ${made.length} requests`);
    console.log(
      `  ${engine}: ${made.length} quote requests made in ${round(seedSeconds)} s, Maya's turns due at T0…`,
    );
    let atDue = { ...calls };
    setTimeout(() => (atDue = { ...calls }), dueAt.getTime() - Date.now());
    // Done when no turn of the queue waits or runs (a retry waits too); this poll's own calls
    // are taken off the queue's count.
    const until = Date.now() + ANSWER_TIMEOUT_MS;
    let polls = 0;
    for (;;) {
      await sleep(250);
      if (Date.now() >= dueAt.getTime()) polls += 1;
      const [open] = await selectRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from pgboss.job where name = ${MAYA_ANSWERS_QUEUE}
            and state in ('created', 'retry', 'active')`,
      );
      if (open!.n === 0 || Date.now() > until) break;
    }
    const after = { ...calls };
    const appCalls = after.app - atDue.app;
    const queueCalls = after.queue - atDue.queue - polls;
    const answers = await readAnswers(handle, made, dueAt);
    const seconds = (answers.lateness.at(-1) ?? Number.NaN) / 1000;
    return {
      engine,
      requests: made.length,
      answered: answers.answered,
      seconds,
      firstAnswerSeconds: (answers.lateness[0] ?? Number.NaN) / 1000,
      answersPerSecond: answers.answered / seconds,
      latenessMs: latenessOf(answers),
      handOvers: answers.handOvers,
      failedJobs: answers.failedJobs,
      retries: answers.retries,
      queriesPerAnswer: (appCalls + queueCalls) / made.length,
      appQueriesPerAnswer: appCalls / made.length,
      queueQueriesPerAnswer: queueCalls / made.length,
      seedSeconds,
      check: checkAnswers(answers) ?? ALL_ANSWERED,
    } satisfies MayaResult;
  } finally {
    await app.close();
  }
}

// ---------------------------------------------------------------- 2. chat delivery during one

interface DeliveryResult {
  engine: string;
  without: LatencyResult;
  during: LatencyResult;
  /** Once Maya has answered every turn: the same process, warm, without her turns again. */
  after: LatencyResult;
  /** Requests answered while the measured window was open, of those due at its start. */
  answeredInWindow: number;
  requests: number;
  answered: number;
  /** T0 → Maya's last answer, in the server process under chat load. */
  mayaSeconds: number;
  latenessMs: LatenessMs;
  failedJobs: number;
  check: string;
}

/** The server's count of Maya's turns done and attempts failed (its /metrics). */
async function mayaJobs(base: string): Promise<{ completed: number; failed: number }> {
  const text = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((response) => response.text());
  const read = (metric: string) => {
    const line = text
      .split('\n')
      .find((entry) => entry.startsWith(`${metric}{queue="${MAYA_ANSWERS_QUEUE}"}`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  return { completed: read('maya_jobs_completed_total'), failed: read('maya_jobs_failed_total') };
}

async function deliveryRuns(
  engine: string,
  handle: DatabaseHandle,
  env: Record<string, string>,
  dataDir: string,
  closeHandle: () => Promise<void>,
  reopenHandle: () => Promise<{ handle: DatabaseHandle; close: () => Promise<void> }>,
): Promise<DeliveryResult> {
  const people = makeUsers(SOCKETS);
  await insertUsers(handle, people);
  const seeder = await appOn(handle, dataDir);
  let made: QuoteRequestMade[];
  let warming: QuoteRequestMade[];
  try {
    made = await seedRequests(seeder, handle, 'load');
    warming = WARM_TURNS > 0 ? await seedRequests(seeder, handle, 'warm', WARM_TURNS) : [];
  } finally {
    await seeder.close();
  }
  // Due when the second measured window opens; the process starts and the first run ends first.
  const dueAt = new Date(Date.now() + LEAD_SECONDS * 1000);
  const moved = await moveJobsTo(handle, dueAt, made);
  if (moved !== made.length) throw new Error(`${moved} jobs moved for ${made.length} requests`);
  // The warming turns are due at once: answered as the process starts, before either window.
  if (warming.length > 0) await moveJobsTo(handle, new Date(), warming);
  await closeHandle();

  const server = await startApp(env, dataDir);
  let without: LatencyResult;
  let during: LatencyResult;
  let after: LatencyResult;
  let windowCloses: number;
  let jobs: { completed: number; failed: number };
  try {
    const pairs = await pairUp(people, (buyer, seller) => openChat(server.url, buyer, seller));
    const { sockets } = await connectAll(
      people.map((person) => ({
        url: server.url,
        userId: person.id,
        auth: { token: person.token },
      })),
    );
    try {
      // One measured window of chat (with its warm-up), the server's event loop read around it.
      const chatWindow = (label: string) =>
        measureLatency(
          `${engine}, ${label}`,
          pairs,
          appSend(server.url),
          [server],
          LOAD,
          undefined,
          true,
        );
      const warmed = Date.now() + 60_000;
      while ((await mayaJobs(server.url)).completed < warming.length) {
        if (Date.now() > warmed) throw new Error('the warming turns were not answered within 60 s');
        await sleep(100);
      }
      without = await chatWindow('no Maya turns');
      if ((await mayaJobs(server.url)).completed > warming.length) {
        throw new Error('Maya answered before her turns were due');
      }
      const startWarmup = dueAt.getTime() - LOAD.warmup * 1000 - Date.now();
      if (startWarmup < 0) {
        throw new Error(`BENCH_LEAD ${LEAD_SECONDS} s was too short for the first run: raise it`);
      }
      await sleep(startWarmup);
      const windowOpens = Date.now();
      during = await chatWindow(`${made.length} Maya turns due`);
      windowCloses = windowOpens + LOAD.warmup * 1000 + LOAD.seconds * 1000;
      const until = Date.now() + ANSWER_TIMEOUT_MS;
      for (;;) {
        jobs = await mayaJobs(server.url);
        if (jobs.completed >= made.length + warming.length || Date.now() > until) break;
        await sleep(250);
      }
      after = await chatWindow("after Maya's turns");
    } finally {
      await closeAll(sockets);
    }
  } finally {
    await server.stop();
  }

  const reopened = await reopenHandle();
  try {
    const answers = await readAnswers(reopened.handle, made, dueAt);
    return {
      engine,
      without,
      during,
      after,
      answeredInWindow: answers.lateness.filter(
        (lateness) => dueAt.getTime() + lateness <= windowCloses,
      ).length,
      requests: made.length,
      answered: answers.answered,
      mayaSeconds: (answers.lateness.at(-1) ?? Number.NaN) / 1000,
      latenessMs: latenessOf(answers),
      failedJobs: answers.failedJobs,
      check: checkAnswers(answers) ?? ALL_ANSWERED,
    };
  } finally {
    await reopened.close();
  }
}

// ---------------------------------------------------------------- main

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

async function main() {
  if (SOCKETS < 2 || SOCKETS % 2 !== 0) throw new Error('BENCH_SOCKETS must be even and ≥ 2');
  const perBuyerPerMinute = (LOAD.rate * Math.min(LOAD.seconds + LOAD.warmup, 60)) / (SOCKETS / 2);
  if (perBuyerPerMinute * 3 > SEND_LIMIT_PER_MINUTE) {
    throw new Error(
      `${LOAD.rate}/s over ${SOCKETS / 2} chats, three times, is over the app's send limit: use more sockets or a lower rate`,
    );
  }
  const loadBefore = loadavg()[0]!;
  console.log(
    `${REQUESTS} quote requests to as many Pro businesses, answered by Maya; chat delivery with ${SOCKETS} sockets at ${LOAD.rate}/s for ${LOAD.seconds} s; load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores`,
  );
  const runs: MayaResult[] = [];
  const delivery: DeliveryResult[] = [];

  if (ENGINES.includes('pglite')) {
    console.log('\nembedded PGlite');
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-answers-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const handle = await createDatabase({
      kind: 'pglite-instance',
      client: countPglite(await openPglite(dataDir)),
    });
    await handle.migrate();
    runs.push(await mayaRun('PGlite', handle, dataDir));
    delivery.push(
      await deliveryRuns(
        'PGlite',
        handle,
        {},
        dataDir,
        () => handle.close(),
        async () => {
          const again = await createDatabase({
            kind: 'pglite-instance',
            client: await openPglite(dataDir),
          });
          return { handle: again, close: () => again.close() };
        },
      ),
    );
  }

  if (ENGINES.includes('postgres')) {
    console.log('\nPostgreSQL');
    countNodePostgres();
    const url = await createPostgresDatabase(PG_ADMIN_URL);
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-answers-pg-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const handle = await createDatabase({ kind: 'postgres', url });
    try {
      await handle.migrate();
      runs.push(await mayaRun('PostgreSQL', handle, dataDir));
      delivery.push(
        await deliveryRuns(
          'PostgreSQL',
          handle,
          { DATABASE_URL: url },
          dataDir,
          async () => {},
          async () => ({ handle, close: async () => {} }),
        ),
      );
    } finally {
      await handle.close();
    }
  }

  const loadAfter = loadavg()[0]!;
  console.log(
    `\nMaya's answers: ${REQUESTS} waiting quote requests (list ${LIST / 100}, floor ${FLOOR / 100}, keep-back ${KEEP_BACK / 100}, budget ${BUDGET / 100}), every turn due at T0, one server process, Node ${process.version}\n`,
  );
  printTable(
    runs.map((row) => ({
      engine: row.engine,
      answered: `${row.answered} / ${row.requests}`,
      'T0 → last s': round(row.seconds, 2),
      'T0 → first s': round(row.firstAnswerSeconds, 2),
      'answers/s': round(row.answersPerSecond),
      'late p50 ms': row.latenessMs.p50,
      'p95 ms': row.latenessMs.p95,
      'p99 ms': row.latenessMs.p99,
      'max ms': row.latenessMs.max,
      'queries/answer': round(row.queriesPerAnswer, 2),
      'app / queue': `${round(row.appQueriesPerAnswer, 2)} / ${round(row.queueQueriesPerAnswer, 2)}`,
      'hand-overs': Object.values(row.handOvers).reduce((sum, n) => sum + n, 0),
      failed: row.failedJobs,
      check: row.check,
    })),
  );
  for (const row of runs) {
    const reasons = Object.entries(row.handOvers);
    console.log(
      `  ${row.engine}: ${row.answered === row.requests ? 'every request answered within its delay' : `${row.requests - row.answered} requests NOT answered`}: the worst ${round(row.latenessMs.max / 1000, 2)} s after its due time${reasons.length > 0 ? `; hand-overs ${reasons.map(([reason, n]) => `${reason} ${n}`).join(', ')}` : ''}; ${row.failedJobs} failed jobs, ${row.retries} retries`,
    );
  }
  console.log(
    `\nChat delivery (POST → 'message:new' at the partner), ${SOCKETS} sockets, ${LOAD.rate}/s for ${LOAD.seconds} s, one server process\n`,
  );
  printTable(
    delivery.flatMap((row) =>
      [row.without, row.during, row.after].map((run) => ({
        run: run.run,
        delivered: run.delivered,
        lost: run.lost,
        'p50 ms': round(run.p50Ms, 2),
        'p95 ms': round(run.p95Ms, 2),
        'p99 ms': round(run.p99Ms, 2),
        'max ms': round(run.maxMs, 2),
        'server cpu %': Math.round(run.serverCpuPercent),
        'loop p99 ms': run.serverLoopP99Ms?.map((value) => round(value)).join(' / ') ?? '—',
        'loop max ms': run.serverLoopMaxMs?.map((value) => Math.round(value)).join(' / ') ?? '—',
        'generator loop max ms': Math.round(run.generatorLoopMaxMs),
      })),
    ),
  );
  for (const row of delivery) {
    console.log(
      `  ${row.engine}: p99 ${round(row.during.p99Ms, 2)} ms while Maya answers against ${round(row.without.p99Ms, 2)} ms before her turns (${(row.during.p99Ms / row.without.p99Ms).toFixed(2)}×) and ${round(row.after.p99Ms, 2)} ms after them (${(row.during.p99Ms / row.after.p99Ms).toFixed(2)}×); ${row.answeredInWindow} of ${row.requests} requests answered inside the measured window, all in ${round(row.mayaSeconds, 1)} s (${round(row.answered / row.mayaSeconds)}/s, lateness p99 ${round(row.latenessMs.p99 / 1000, 2)} s) under chat load; ${row.check}`,
    );
  }
  console.log(
    `\nLoad average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${availableParallelism()} cores (shared machine: other work may colour the tails).`,
  );
  const file = await writeResult(NAME, {
    config: {
      requests: REQUESTS,
      sockets: SOCKETS,
      ...LOAD,
      lead: LEAD_SECONDS,
      engines: ENGINES,
      service: { list: LIST, floor: FLOOR, keepBack: KEEP_BACK, budget: BUDGET },
      waitMinutes: WAIT_MINUTES,
      queries:
        "database calls at the driver (PGlite query/exec, node-postgres Client#query; a multi-statement text counts once) from T0 to the last answer, split by whether the SQL names pgboss's schema; the benchmark's own polls of the queue are taken off",
      lateness:
        "an answer's lateness: the time of Maya's labelled words in the chat after her turn's due time (T0)",
    },
    loadAverage: {
      before: round(loadBefore, 2),
      after: round(loadAfter, 2),
      cores: availableParallelism(),
    },
    runs,
    delivery,
  });
  console.log(`Wrote ${file}`);
  const failed = [...runs, ...delivery].filter((row) => row.check !== ALL_ANSWERED);
  if (failed.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
