/**
 * Chat delivery over Socket.IO (issue #5): the time from POST /api/v1/chats/:id/messages to the
 * `message:new` event at the partner's socket, and what idle sockets cost the server in memory.
 *
 * The server is the real entry (server.ts) in a child process; this process is the load
 * generator and hosts every client socket, so the send time and the arrival time come from one
 * clock. Users and sessions are inserted directly (a session row holds the SHA-256 of its token,
 * hashed with the server's own hashToken), not signed up through argon2. Users are paired into
 * buyer–seller chats, opened through POST /api/v1/chats. Each client is socket.io-client over
 * WebSocket with its session token in `auth.token`, as the app's sockets authenticate.
 *
 * Latency runs (BENCH_SOCKETS clients, BENCH_SOCKETS/2 chats; each buyer sends to its seller,
 * chats in turn, BENCH_RATE messages/s open-loop through a keep-alive HTTP pool, after
 * BENCH_WARMUP seconds of the same load that are not counted, for BENCH_SECONDS):
 *  - baseline: bench/fixtures/bare-socket-server.ts, plain http + Socket.IO with no auth and no
 *    database, where POST /emit emits the same payload to the same two user rooms;
 *  - the app on embedded PGlite, one process (goal p50 ≤ 10 ms, p99 ≤ 50 ms);
 *  - the app on PostgreSQL, one process, then two: sends through process A, the recipients'
 *    sockets on process B, events crossing through the PostgreSQL adapter (goal p99 ≤ 100 ms).
 *    A fresh database maya_bench_<random> is created through BENCH_DATABASE_URL (an admin
 *    connection, default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end.
 * Memory: BENCH_IDLE_SOCKETS idle authenticated sockets on a freshly started process: its VmRSS
 * (from /proc) before and after connecting, and per socket, beside the bare server with as many
 * (goal: the app's RSS ≤ 512 MB), on each engine.
 *
 * Knobs: BENCH_SOCKETS (1000), BENCH_RATE (200), BENCH_SECONDS (15), BENCH_WARMUP (2),
 * BENCH_IDLE_SOCKETS (5000; 0 skips the memory runs), BENCH_ENGINES (pglite,postgres),
 * BENCH_DATABASE_URL, BENCH_CPU_PROF=<dir> (the app processes write V8 CPU profiles there).
 * Only 127.0.0.1 is ever targeted.
 *
 *   BENCH_SOCKETS=100 BENCH_RATE=50 BENCH_SECONDS=5 BENCH_IDLE_SOCKETS=500 npm run bench -- sockets
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@maya/contracts';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { sessions, users } from '../apps/server/src/db/schema/index.js';
import { uuidv7 } from '../apps/server/src/lib/uuid.js';
import { hashToken } from '../apps/server/src/modules/auth/tokens.js';
import { freePort, type ServerProcess } from '../apps/server/test/server-process.js';
import { assertLocal, printTable, writeResult } from './lib.js';

const NAME = 'sockets';

function knob(name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  }
  return value;
}

const SOCKETS = Math.round(knob('BENCH_SOCKETS', 1000));
const RATE = knob('BENCH_RATE', 200);
const SECONDS = knob('BENCH_SECONDS', 15);
const WARMUP = knob('BENCH_WARMUP', 2, { allowZero: true });
const IDLE_SOCKETS = Math.round(knob('BENCH_IDLE_SOCKETS', 5000, { allowZero: true }));
const ENGINES = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((e) => e.trim());
for (const engine of ENGINES) {
  if (engine !== 'pglite' && engine !== 'postgres') {
    throw new Error(`BENCH_ENGINES: unknown engine ${engine} (pglite, postgres)`);
  }
}
const WITH_PGLITE = ENGINES.includes('pglite');
const WITH_POSTGRES = ENGINES.includes('postgres');
const PG_ADMIN_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

const GOAL = { oneProcessP50Ms: 10, oneProcessP99Ms: 50, twoProcessP99Ms: 100, rssMb: 512 };
/** Handshakes in flight at once while connecting (each costs the app a session lookup). */
const CONNECT_CONCURRENCY = 50;
/** Sends waiting at once; beyond it a due send is skipped and counted. */
const MAX_IN_FLIGHT = 1000;
/** After the last send, how long late events may still arrive before they count as lost. */
const DRAIN_MS = 5_000;
/** The send throttle of chats.service.ts: messages one user may send per minute. */
const SEND_LIMIT_PER_MINUTE = 60;
const BATCH = 500;
const BODY = 'Hello! Is the studio free on Saturday morning for a two-hour shoot?';

const fixtureEntry = fileURLToPath(new URL('./fixtures/bare-socket-server.ts', import.meta.url));

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface BenchUser {
  id: string;
  role: 'buyer' | 'seller';
  token: string;
}

/** One socket to open: where, its handshake auth and whose it is. */
interface Client {
  url: string;
  auth: Record<string, string>;
  userId: string;
}

interface Pair {
  chatId: string;
  buyer: BenchUser;
  seller: BenchUser;
}

/** Undone in reverse order at the end, also after a failure or Ctrl-C. */
const cleanups: (() => Promise<unknown>)[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs `work` over `items` with at most `concurrency` at once, in order of start. */
async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

// ---------------------------------------------------------------- processes

/** Resident memory of a process from /proc (Linux). */
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The app's own view of a run, from its Prometheus metrics (plugins/metrics.ts): the event
 * loop's worst delay since the last scrape (prom-client resets it on each scrape) and the GC
 * time so far. The bare server has no /metrics.
 */
async function scrapeMetrics(base: string): Promise<{ loopMaxMs: number; gcSeconds: number }> {
  const text = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((response) => response.text());
  let loopMaxMs = 0;
  let gcSeconds = 0;
  for (const line of text.split('\n')) {
    const [name, value] = line.split(' ');
    if (!name || value === undefined) continue;
    if (name === 'nodejs_eventloop_lag_max_seconds') loopMaxMs = Number(value) * 1000;
    if (name.startsWith('nodejs_gc_duration_seconds_sum')) gcSeconds += Number(value);
  }
  return { loopMaxMs, gcSeconds };
}

/** /metrics is served only to a scrape with the token (plugins/metrics.ts). */
const METRICS_TOKEN = randomBytes(24).toString('base64url');

function pidOf(server: ServerProcess): number {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('server process has no pid');
  return pid;
}

const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));

/**
 * A server entry in a child process (node + tsx, as server-process.ts starts the app), resolved
 * once GET /readyz answers. With BENCH_CPU_PROF the app writes a V8 CPU profile when it exits.
 */
async function startProcess(
  entry: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const server: ServerProcess = {
    url,
    child,
    async stop(signal = 'SIGTERM') {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  cleanups.push(() => server.stop());
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return server;
    await sleep(100);
  }
  throw new Error(`${entry} did not become ready within 60 s`);
}

const startBareServer = () => startProcess(fixtureEntry, {});

function startApp(env: Record<string, string>, dataDir: string): Promise<ServerProcess> {
  return startProcess(
    serverEntry,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      METRICS_TOKEN,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ...env,
    },
    CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [],
  );
}

// ---------------------------------------------------------------- HTTP

const agents = new Map<string, Agent>();

/** POST with a JSON body over a keep-alive pool per server; resolves with status and body. */
function postJson(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  let agent = agents.get(target.host);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 16 });
    agents.set(target.host, agent);
  }
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const outgoing = request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    outgoing.once('error', (error) => resolve({ status: 0, text: error.message }));
    outgoing.end(payload);
  });
}

// ---------------------------------------------------------------- users and chats

function makeUsers(count: number): BenchUser[] {
  return Array.from({ length: count }, (_, index) => ({
    id: uuidv7(),
    role: index % 2 === 0 ? ('buyer' as const) : ('seller' as const),
    token: randomBytes(32).toString('base64url'),
  }));
}

/** Users and live sessions straight into the database, in batches. */
async function insertUsers(handle: DatabaseHandle, people: BenchUser[]): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < people.length; start += BATCH) {
    const batch = people.slice(start, start + BATCH);
    await handle.db.insert(users).values(
      batch.map((person, offset) => ({
        id: person.id,
        role: person.role,
        email: `bench-socket-${start + offset}-${person.id.slice(-8)}@example.test`,
        passwordHash: 'bench-no-password',
        firstName: 'Bench',
        lastName: `${person.role === 'buyer' ? 'Buyer' : 'Seller'} ${start + offset}`,
        category: person.role === 'seller' ? ('beauty' as const) : null,
      })),
    );
    await handle.db.insert(sessions).values(
      batch.map((person) => ({
        id: uuidv7(),
        tokenHash: hashToken(person.token),
        userId: person.id,
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + 30 * 24 * 3_600_000),
      })),
    );
  }
}

/** Buyer 2k with seller 2k+1; `open` gives the chat id (the app's route, or a made-up one). */
async function pairUp(
  people: BenchUser[],
  open: (buyer: BenchUser, seller: BenchUser) => Promise<string>,
): Promise<Pair[]> {
  const couples: [BenchUser, BenchUser][] = [];
  for (let index = 0; index + 1 < people.length; index += 2) {
    couples.push([people[index]!, people[index + 1]!]);
  }
  return inParallel(couples, 10, async ([buyer, seller]) => ({
    chatId: await open(buyer, seller),
    buyer,
    seller,
  }));
}

async function openChat(base: string, buyer: BenchUser, seller: BenchUser): Promise<string> {
  const answer = await postJson(`${base}/api/v1/chats`, { partnerId: seller.id }, buyer.token);
  if (answer.status !== 201 && answer.status !== 200) {
    throw new Error(`POST /api/v1/chats answered ${answer.status}: ${answer.text}`);
  }
  return (JSON.parse(answer.text) as { chat: { id: string } }).chat.id;
}

// ---------------------------------------------------------------- sockets

/** Where arriving events are matched to the sends waiting for them. */
interface Delivery {
  pending: Map<string, { sentAt: number; recipientId: string }>;
  latencies: number[];
  lastArrival: number;
}

let delivery: Delivery | undefined;
let closingSockets = false;
let unexpectedDisconnects = 0;

function connectOne(url: string, auth: Record<string, string>, userId: string) {
  assertLocal(url);
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
    timeout: 30_000,
  });
  socket.on('message:new', ({ message }) => {
    const now = performance.now();
    const entry = delivery?.pending.get(message.clientId);
    // The sender's own tab gets the event too; only the partner's arrival counts.
    if (!delivery || !entry || entry.recipientId !== userId) return;
    delivery.pending.delete(message.clientId);
    delivery.latencies.push(now - entry.sentAt);
    delivery.lastArrival = now;
  });
  socket.on('disconnect', () => {
    if (!closingSockets) unexpectedDisconnects += 1;
  });
  return new Promise<ClientSocket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`socket for ${userId} refused: ${error.message}`));
    });
  });
}

/** Connects every client (at most CONNECT_CONCURRENCY handshakes at once); seconds taken. */
async function connectAll(
  clients: Client[],
): Promise<{ sockets: ClientSocket[]; seconds: number }> {
  closingSockets = false;
  unexpectedDisconnects = 0;
  const started = performance.now();
  const sockets = await inParallel(clients, CONNECT_CONCURRENCY, (client) =>
    connectOne(client.url, client.auth, client.userId),
  );
  return { sockets, seconds: (performance.now() - started) / 1000 };
}

async function closeAll(sockets: ClientSocket[]): Promise<void> {
  closingSockets = true;
  for (const socket of sockets) socket.close();
  await sleep(500);
}

// ---------------------------------------------------------------- load

type Send = (pair: Pair, clientId: string) => Promise<number>;

interface LoadRun {
  sent: number;
  skipped: number;
  failed: number;
  /** Sends still without an answer when the run ended. */
  unanswered: number;
  statuses: Record<string, number>;
  delivered: number;
  lost: number;
  latencies: number[];
  answers: number[];
  seconds: number;
  serverCpuSeconds: number;
  /** The app's worst event-loop delay during the run (all its processes). */
  /** Per server process (A, B). */
  serverLoopMaxMs: number[] | undefined;
  /** GC time of the app's processes during the run. */
  serverGcSeconds: number | undefined;
  generatorCpuSeconds: number;
}

/**
 * BENCH_RATE sends a second, open loop (a slow answer never delays the next send; a late tick
 * catches up), over the chats in turn; then waits up to DRAIN_MS for the last events.
 */
async function runLoad(
  label: string,
  pairs: Pair[],
  send: Send,
  seconds: number,
  servers: ServerProcess[],
  withMetrics: boolean,
): Promise<LoadRun> {
  const serverPids = servers.map(pidOf);
  const scrape = () =>
    withMetrics ? Promise.all(servers.map((server) => scrapeMetrics(server.url))) : undefined;
  const metricsBefore = await scrape();
  const run: Delivery = { pending: new Map(), latencies: [], lastArrival: 0 };
  delivery = run;
  const tag = `${label}-${randomBytes(3).toString('hex')}`;
  const total = Math.max(1, Math.round(RATE * seconds));
  const answers: number[] = [];
  const statuses: Record<string, number> = {};
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  let inFlight = 0;
  const cpuBefore = await Promise.all(serverPids.map(cpuSeconds));
  const generatorBefore = process.cpuUsage();
  const started = performance.now();

  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE) + 1);
      while (sent < due) {
        const index = sent;
        sent += 1;
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped += 1;
          continue;
        }
        const pair = pairs[index % pairs.length]!;
        const clientId = `${tag}-${index}`;
        const sentAt = performance.now();
        run.pending.set(clientId, { sentAt, recipientId: pair.seller.id });
        inFlight += 1;
        void send(pair, clientId).then((status) => {
          inFlight -= 1;
          answers.push(performance.now() - sentAt);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status !== 201) {
            failed += 1;
            run.pending.delete(clientId);
          }
        });
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  const drainUntil = performance.now() + DRAIN_MS;
  while ((inFlight > 0 || run.pending.size > 0) && performance.now() < drainUntil) await sleep(10);
  const cpuAfter = await Promise.all(serverPids.map(cpuSeconds));
  const generator = process.cpuUsage(generatorBefore);
  const metricsAfter = await scrape();
  delivery = undefined;
  const unanswered = inFlight;
  const end = run.lastArrival > 0 ? run.lastArrival : performance.now();
  return {
    sent: sent - skipped,
    skipped,
    failed,
    unanswered,
    statuses: { ...statuses },
    delivered: run.latencies.length,
    lost: run.pending.size,
    latencies: run.latencies,
    answers,
    seconds: (end - started) / 1000,
    serverCpuSeconds: cpuAfter.reduce((sum, value, i) => sum + value - cpuBefore[i]!, 0),
    serverLoopMaxMs: metricsAfter?.map((metrics) => metrics.loopMaxMs),
    serverGcSeconds:
      metricsAfter && metricsBefore
        ? metricsAfter.reduce(
            (sum, metrics, i) => sum + metrics.gcSeconds - metricsBefore[i]!.gcSeconds,
            0,
          )
        : undefined,
    generatorCpuSeconds: (generator.user + generator.system) / 1e6,
  };
}

interface LatencyResult {
  run: string;
  sockets: number;
  chats: number;
  targetRate: number;
  achievedRate: number;
  sent: number;
  delivered: number;
  lost: number;
  failed: number;
  unanswered: number;
  skipped: number;
  statuses: Record<string, number>;
  unexpectedDisconnects: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  answerP50Ms: number;
  answerP99Ms: number;
  serverCpuPercent: number;
  /** Per server process (A, B). */
  serverLoopMaxMs: number[] | undefined;
  serverGcMs: number | undefined;
  generatorCpuPercent: number;
  goal: string;
  met: boolean | null;
}

/** Warm-up (not counted), then the measured run. */
async function measureLatency(
  run: string,
  pairs: Pair[],
  send: Send,
  servers: ServerProcess[],
  goal?: { p50Ms?: number; p99Ms: number },
): Promise<LatencyResult> {
  if (WARMUP > 0) {
    console.log(`  ${run}: ${WARMUP} s warm-up at ${RATE}/s…`);
    await runLoad('warm', pairs, send, WARMUP, servers, false);
  }
  console.log(`  ${run}: ${SECONDS} s at ${RATE}/s over ${pairs.length} chats…`);
  // Only the app has /metrics; its baseline is the bare server.
  const load = await runLoad('run', pairs, send, SECONDS, servers, goal !== undefined);
  const p50Ms = percentile(load.latencies, 50);
  const p99Ms = percentile(load.latencies, 99);
  const complete = load.delivered > 0 && load.lost === 0 && load.failed === 0 && load.skipped === 0;
  let met: boolean | null = null;
  let goalText = '—';
  if (goal) {
    met = complete && p99Ms <= goal.p99Ms && (goal.p50Ms === undefined || p50Ms <= goal.p50Ms);
    goalText = `${goal.p50Ms !== undefined ? `p50 ≤ ${goal.p50Ms}, ` : ''}p99 ≤ ${goal.p99Ms}: ${met ? 'met' : 'MISSED'}`;
  }
  return {
    run,
    sockets: pairs.length * 2,
    chats: pairs.length,
    targetRate: RATE,
    achievedRate: load.delivered / load.seconds,
    sent: load.sent,
    delivered: load.delivered,
    lost: load.lost,
    failed: load.failed,
    unanswered: load.unanswered,
    skipped: load.skipped,
    statuses: load.statuses,
    unexpectedDisconnects,
    p50Ms: p50Ms,
    p95Ms: percentile(load.latencies, 95),
    p99Ms,
    maxMs: percentile(load.latencies, 100),
    answerP50Ms: percentile(load.answers, 50),
    answerP99Ms: percentile(load.answers, 99),
    serverCpuPercent: (load.serverCpuSeconds / load.seconds) * 100,
    serverLoopMaxMs: load.serverLoopMaxMs,
    serverGcMs: load.serverGcSeconds === undefined ? undefined : load.serverGcSeconds * 1000,
    generatorCpuPercent: (load.generatorCpuSeconds / load.seconds) * 100,
    goal: goalText,
    met,
  };
}

function appSend(base: string): Send {
  return async (pair, clientId) =>
    (
      await postJson(
        `${base}/api/v1/chats/${pair.chatId}/messages`,
        { body: BODY, clientId },
        pair.buyer.token,
      )
    ).status;
}

function bareSend(base: string): Send {
  return async (pair, clientId) =>
    (
      await postJson(`${base}/emit`, {
        userIds: [pair.buyer.id, pair.seller.id],
        payload: {
          chatId: pair.chatId,
          message: {
            id: uuidv7(),
            chatId: pair.chatId,
            senderId: pair.buyer.id,
            body: BODY,
            clientId,
            createdAt: new Date().toISOString(),
          },
        },
      })
    ).status;
}

// ---------------------------------------------------------------- memory

interface MemoryResult {
  server: string;
  sockets: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  perSocketKb: number;
  connectSeconds: number;
  goal: string;
  met: boolean | null;
}

async function measureMemory(
  server: string,
  target: ServerProcess,
  clients: Client[],
  goalMb?: number,
): Promise<MemoryResult> {
  const pid = pidOf(target);
  await sleep(2_000);
  const before = await rssBytes(pid);
  console.log(`  ${server}: connecting ${clients.length} idle sockets…`);
  const { sockets, seconds } = await connectAll(clients);
  try {
    await sleep(5_000);
    const after = await rssBytes(pid);
    const met = goalMb === undefined ? null : after / 2 ** 20 <= goalMb;
    return {
      server,
      sockets: sockets.length,
      rssBeforeMb: before / 2 ** 20,
      rssAfterMb: after / 2 ** 20,
      perSocketKb: (after - before) / 1024 / sockets.length,
      connectSeconds: seconds,
      goal: goalMb === undefined ? '—' : `RSS ≤ ${goalMb} MB: ${met ? 'met' : 'MISSED'}`,
      met,
    };
  } finally {
    await closeAll(sockets);
  }
}

// ---------------------------------------------------------------- main

function maxOpenFiles(): Promise<number> {
  return readFile('/proc/self/limits', 'utf8')
    .then((text) => Number(/^Max open files\s+(\d+)/m.exec(text)?.[1] ?? Infinity))
    .catch(() => Infinity);
}

async function cleanUp() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
  while (cleanups.length > 0) {
    await cleanups.pop()!().catch((error: unknown) => console.error(error));
  }
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

async function main() {
  if (SOCKETS < 2 || SOCKETS % 2 !== 0) throw new Error('BENCH_SOCKETS must be even and ≥ 2');
  const perBuyerPerMinute = (RATE * Math.min(SECONDS + WARMUP, 60)) / (SOCKETS / 2);
  if (perBuyerPerMinute > SEND_LIMIT_PER_MINUTE) {
    throw new Error(
      `${RATE}/s over ${SOCKETS / 2} chats is ${Math.ceil(perBuyerPerMinute)} messages per buyer a minute, over the app's send limit of ${SEND_LIMIT_PER_MINUTE}: use more sockets or a lower rate`,
    );
  }
  const fileLimit = await maxOpenFiles();
  if (Math.max(SOCKETS, IDLE_SOCKETS) + 200 > fileLimit) {
    throw new Error(
      `${Math.max(SOCKETS, IDLE_SOCKETS)} sockets need more open files than the limit of ${fileLimit}: raise it (ulimit -n) first`,
    );
  }
  const loadBefore = loadavg()[0]!;
  console.log(
    `${SOCKETS} sockets, ${RATE} messages/s for ${SECONDS} s (+${WARMUP} s warm-up), ${IDLE_SOCKETS} idle sockets; load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores`,
  );

  const latency: LatencyResult[] = [];
  const memory: MemoryResult[] = [];
  const people = makeUsers(Math.max(SOCKETS, IDLE_SOCKETS));
  const active = people.slice(0, SOCKETS);
  const idle = people.slice(0, IDLE_SOCKETS);
  const clientsOf = (url: string, group: BenchUser[], withToken: boolean): Client[] =>
    group.map((person) => {
      const auth: Record<string, string> = withToken
        ? { token: person.token }
        : { userId: person.id };
      return { url, userId: person.id, auth };
    });

  // 1. Baseline: bare Socket.IO, chat ids made up (nothing stores them).
  console.log('\nbare Socket.IO (baseline)');
  {
    const bare = await startBareServer();
    const pairs = await pairUp(active, async () => uuidv7());
    const { sockets } = await connectAll(clientsOf(bare.url, active, false));
    try {
      latency.push(await measureLatency('bare socket.io', pairs, bareSend(bare.url), [bare]));
    } finally {
      await closeAll(sockets);
      await bare.stop();
    }
    if (IDLE_SOCKETS > 0) {
      const fresh = await startBareServer();
      memory.push(await measureMemory('bare socket.io', fresh, clientsOf(fresh.url, idle, false)));
      await fresh.stop();
    }
  }

  // 2. The app on embedded PGlite, seeded before it starts (one process opens the data dir).
  if (WITH_PGLITE) {
    console.log('\napp, embedded PGlite');
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-sockets-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const handle = await createDatabase({ kind: 'pglite', dataDir });
    try {
      await handle.migrate();
      await insertUsers(handle, people);
    } finally {
      await handle.close();
    }
    console.log(`  seeded ${people.length} users with sessions`);
    const app = await startApp({}, dataDir);
    const pairs = await pairUp(active, (buyer, seller) => openChat(app.url, buyer, seller));
    const { sockets } = await connectAll(clientsOf(app.url, active, true));
    try {
      latency.push(
        await measureLatency('app, 1 process, PGlite', pairs, appSend(app.url), [app], {
          p50Ms: GOAL.oneProcessP50Ms,
          p99Ms: GOAL.oneProcessP99Ms,
        }),
      );
    } finally {
      await closeAll(sockets);
      await app.stop();
    }
    if (IDLE_SOCKETS > 0) {
      const fresh = await startApp({}, dataDir);
      memory.push(
        await measureMemory('app, PGlite', fresh, clientsOf(fresh.url, idle, true), GOAL.rssMb),
      );
      await fresh.stop();
    }
  }

  // 3. The app on PostgreSQL: one process, then two sharing events through the adapter.
  if (WITH_POSTGRES) {
    console.log('\napp, PostgreSQL');
    const admin = new URL(PG_ADMIN_URL);
    assertLocal(admin.toString());
    const name = `maya_bench_${randomBytes(4).toString('hex')}`;
    const adminQuery = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await adminQuery(`create database ${name}`);
    cleanups.push(async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      console.log(`  dropped database ${name}`);
    });
    const url = new URL(admin.toString());
    url.pathname = `/${name}`;
    console.log(`  created database ${name}`);
    const handle = await createDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await handle.migrate();
      await insertUsers(handle, people);
    } finally {
      await handle.close();
    }
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-sockets-pg-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: url.toString() };

    const first = await startApp(env, dataDir);
    const pairs = await pairUp(active, (buyer, seller) => openChat(first.url, buyer, seller));
    {
      const { sockets } = await connectAll(clientsOf(first.url, active, true));
      try {
        latency.push(
          await measureLatency('app, 1 process, PostgreSQL', pairs, appSend(first.url), [first], {
            p50Ms: GOAL.oneProcessP50Ms,
            p99Ms: GOAL.oneProcessP99Ms,
          }),
        );
      } finally {
        await closeAll(sockets);
      }
    }
    const second = await startApp(env, dataDir);
    {
      const buyers = pairs.map((pair) => pair.buyer);
      const sellers = pairs.map((pair) => pair.seller);
      const { sockets } = await connectAll([
        ...clientsOf(first.url, buyers, true),
        ...clientsOf(second.url, sellers, true),
      ]);
      try {
        latency.push(
          await measureLatency(
            'app, 2 processes, PostgreSQL (send A → socket B)',
            pairs,
            appSend(first.url),
            [first, second],
            { p99Ms: GOAL.twoProcessP99Ms },
          ),
        );
      } finally {
        await closeAll(sockets);
      }
    }
    await second.stop();
    await first.stop();
    if (IDLE_SOCKETS > 0) {
      const fresh = await startApp(env, dataDir);
      memory.push(
        await measureMemory('app, PostgreSQL', fresh, clientsOf(fresh.url, idle, true), GOAL.rssMb),
      );
      await fresh.stop();
    }
  }

  const loadAfter = loadavg()[0]!;
  console.log(
    `\nDelivery latency: POST → 'message:new' at the partner's socket, ${SOCKETS} sockets, ${RATE}/s for ${SECONDS} s, Node ${process.version}\n`,
  );
  printTable(
    latency.map((row) => ({
      run: row.run,
      'msg/s': round(row.achievedRate),
      delivered: row.delivered,
      lost: row.lost,
      'p50 ms': round(row.p50Ms, 2),
      'p95 ms': round(row.p95Ms, 2),
      'p99 ms': round(row.p99Ms, 2),
      'max ms': round(row.maxMs, 2),
      'POST p50/p99 ms': `${round(row.answerP50Ms, 2)} / ${round(row.answerP99Ms, 2)}`,
      'server cpu %': Math.round(row.serverCpuPercent),
      'loop max ms':
        row.serverLoopMaxMs === undefined
          ? '—'
          : row.serverLoopMaxMs.map((value) => Math.round(value)).join(' / '),
      'gc ms': row.serverGcMs === undefined ? '—' : Math.round(row.serverGcMs),
      'bench cpu %': Math.round(row.generatorCpuPercent),
      goal: row.goal,
    })),
  );
  const bare = latency[0]!;
  const overhead = latency.slice(1).map((row) => ({
    run: row.run,
    p50PlusMs: row.p50Ms - bare.p50Ms,
    p99PlusMs: row.p99Ms - bare.p99Ms,
    p50Ratio: row.p50Ms / bare.p50Ms,
    p99Ratio: row.p99Ms / bare.p99Ms,
  }));
  console.log('\nOver the bare Socket.IO server:');
  for (const row of overhead) {
    console.log(
      `  ${row.run}: p50 +${row.p50PlusMs.toFixed(2)} ms (${row.p50Ratio.toFixed(1)}×), p99 +${row.p99PlusMs.toFixed(2)} ms (${row.p99Ratio.toFixed(1)}×)`,
    );
  }
  const troubles = latency.filter(
    (row) =>
      row.lost > 0 ||
      row.failed > 0 ||
      row.unanswered > 0 ||
      row.skipped > 0 ||
      row.unexpectedDisconnects > 0,
  );
  for (const row of troubles) {
    console.log(
      `  ${row.run}: ${row.lost} not delivered within ${DRAIN_MS / 1000} s of the last send (${row.unanswered} of them still unanswered), ${row.failed} failed sends ${JSON.stringify(row.statuses)}, ${row.skipped} skipped with ${MAX_IN_FLIGHT} waiting, ${row.unexpectedDisconnects} sockets dropped`,
    );
  }

  if (memory.length > 0) console.log(`\nServer memory with ${IDLE_SOCKETS} idle sockets (VmRSS)\n`);
  printTable(
    memory.map((row) => ({
      server: row.server,
      sockets: row.sockets,
      'RSS before MB': Math.round(row.rssBeforeMb),
      'RSS after MB': Math.round(row.rssAfterMb),
      'KB / socket': round(row.perSocketKb),
      'connect s': round(row.connectSeconds, 1),
      goal: row.goal,
    })),
  );
  console.log(
    `\nLoad average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${availableParallelism()} cores (shared machine: other work may colour the tails).`,
  );

  const file = await writeResult(NAME, {
    config: {
      sockets: SOCKETS,
      chats: SOCKETS / 2,
      rate: RATE,
      seconds: SECONDS,
      warmup: WARMUP,
      idleSockets: IDLE_SOCKETS,
      engines: ENGINES,
      server: 'child process (apps/server/src/server.ts)',
      latency: "POST /api/v1/chats/:id/messages → 'message:new' at the partner's socket",
    },
    loadAverage: {
      before: round(loadBefore, 2),
      after: round(loadAfter, 2),
      cores: availableParallelism(),
    },
    goals: GOAL,
    latency,
    overhead,
    memory,
  });
  console.log(`Wrote ${file}`);
  if (troubles.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
