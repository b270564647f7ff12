/**
 * Chat delivery over Socket.IO, as the sockets benchmark measures it, for any benchmark to call:
 * the real server entry in a child process, users and sessions inserted directly, buyer–seller
 * chats opened through the API, socket.io-client sockets in this process, and an open-loop send
 * load whose latency is POST /api/v1/chats/:id/messages → `message:new` at the partner's socket
 * (one clock: this process sends and receives). Used by sockets.bench.ts and digest.bench.ts.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@maya/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import { sessions, users } from '../apps/server/src/db/schema/index.js';
import { uuidv7 } from '../apps/server/src/lib/uuid.js';
import { hashToken } from '../apps/server/src/modules/auth/tokens.js';
import { freePort, type ServerProcess } from '../apps/server/test/server-process.js';
import { assertLocal } from './lib.js';

const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
/** Handshakes in flight at once while connecting (each costs the app a session lookup). */
const CONNECT_CONCURRENCY = 50;
/** Sends waiting at once; beyond it a due send is skipped and counted. */
export const MAX_IN_FLIGHT = 1000;
/** After the last send, how long late events may still arrive before they count as lost. */
export const DRAIN_MS = 5_000;
/** The send throttle of chats.service.ts: messages one user may send per minute. */
export const SEND_LIMIT_PER_MINUTE = 60;
const BATCH = 500;
export const BODY = 'Hello! Is the studio free on Saturday morning for a two-hour shoot?';

const fixtureEntry = fileURLToPath(new URL('./fixtures/bare-socket-server.ts', import.meta.url));

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface BenchUser {
  id: string;
  role: 'buyer' | 'seller';
  token: string;
}

/** One socket to open: where, its handshake auth and whose it is. */
export interface Client {
  url: string;
  auth: Record<string, string>;
  userId: string;
}

export interface Pair {
  chatId: string;
  buyer: BenchUser;
  seller: BenchUser;
}

/** Undone in reverse order at the end, also after a failure or Ctrl-C. */
export const cleanups: (() => Promise<unknown>)[] = [];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs `work` over `items` with at most `concurrency` at once, in order of start. */
export async function inParallel<T, R>(
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
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The app's own view of a run, from its Prometheus metrics (plugins/metrics.ts): the event
 * loop's worst delay since the last scrape (prom-client resets it on each scrape) and the GC
 * time so far. The bare server has no /metrics.
 */
async function scrapeMetrics(
  base: string,
): Promise<{ loopMaxMs: number; loopP99Ms: number; gcSeconds: number }> {
  const text = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((response) => response.text());
  let loopMaxMs = 0;
  let loopP99Ms = 0;
  let gcSeconds = 0;
  for (const line of text.split('\n')) {
    const [name, value] = line.split(' ');
    if (!name || value === undefined) continue;
    if (name === 'nodejs_eventloop_lag_max_seconds') loopMaxMs = Number(value) * 1000;
    if (name === 'nodejs_eventloop_lag_p99_seconds') loopP99Ms = Number(value) * 1000;
    if (name.startsWith('nodejs_gc_duration_seconds_sum')) gcSeconds += Number(value);
  }
  return { loopMaxMs, loopP99Ms, gcSeconds };
}

/** /metrics is served only to a scrape with the token (plugins/metrics.ts). */
export const METRICS_TOKEN = randomBytes(24).toString('base64url');

export function pidOf(server: ServerProcess): number {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('server process has no pid');
  return pid;
}

const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));

/**
 * A server entry in a child process (node + tsx, as server-process.ts starts the app), resolved
 * once GET /readyz answers. With BENCH_CPU_PROF the app writes a V8 CPU profile when it exits.
 */
export async function startProcess(
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

export const startBareServer = () => startProcess(fixtureEntry, {});

export function startApp(env: Record<string, string>, dataDir: string): Promise<ServerProcess> {
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
    // The young generation the server's start gives it (scripts/start.mjs).
    [
      '--max-semi-space-size=32',
      ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : []),
    ],
  );
}

// ---------------------------------------------------------------- HTTP

export const agents = new Map<string, Agent>();

/** POST with a JSON body over a keep-alive pool per server; resolves with status and body. */
export function postJson(
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

export function makeUsers(count: number): BenchUser[] {
  return Array.from({ length: count }, (_, index) => ({
    id: uuidv7(),
    role: index % 2 === 0 ? ('buyer' as const) : ('seller' as const),
    token: randomBytes(32).toString('base64url'),
  }));
}

/** Users and live sessions straight into the database, in batches. */
export async function insertUsers(handle: DatabaseHandle, people: BenchUser[]): Promise<void> {
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
export async function pairUp(
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

export async function openChat(base: string, buyer: BenchUser, seller: BenchUser): Promise<string> {
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
export async function connectAll(
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

export async function closeAll(sockets: ClientSocket[]): Promise<void> {
  closingSockets = true;
  for (const socket of sockets) socket.close();
  await sleep(500);
}

// ---------------------------------------------------------------- load

export type Send = (pair: Pair, clientId: string) => Promise<number>;

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
  /** The p99 of the app's event-loop delay during the run, per server process. */
  serverLoopP99Ms: number[] | undefined;
  /** GC time of the app's processes during the run. */
  serverGcSeconds: number | undefined;
  generatorCpuSeconds: number;
  /** This process's (the load generator's and the sockets') worst event-loop delay, in ms. */
  generatorLoopMaxMs: number;
}

/**
 * `rate` sends a second, open loop (a slow answer never delays the next send; a late tick
 * catches up), over the chats in turn; then waits up to DRAIN_MS for the last events.
 */
async function runLoad(
  label: string,
  pairs: Pair[],
  send: Send,
  rate: number,
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
  const total = Math.max(1, Math.round(rate * seconds));
  const answers: number[] = [];
  const statuses: Record<string, number> = {};
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  let inFlight = 0;
  const cpuBefore = await Promise.all(serverPids.map(cpuSeconds));
  const generatorBefore = process.cpuUsage();
  const generatorLoop = monitorEventLoopDelay({ resolution: 5 });
  generatorLoop.enable();
  const started = performance.now();

  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
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
  generatorLoop.disable();
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
    serverLoopP99Ms: metricsAfter?.map((metrics) => metrics.loopP99Ms),
    serverGcSeconds:
      metricsAfter && metricsBefore
        ? metricsAfter.reduce(
            (sum, metrics, i) => sum + metrics.gcSeconds - metricsBefore[i]!.gcSeconds,
            0,
          )
        : undefined,
    generatorCpuSeconds: (generator.user + generator.system) / 1e6,
    generatorLoopMaxMs: generatorLoop.max / 1e6,
  };
}

export interface LatencyResult {
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
  serverLoopP99Ms: number[] | undefined;
  serverGcMs: number | undefined;
  generatorCpuPercent: number;
  /** A stall here delays the arrivals it measures: a tail it shows is not the server's. */
  generatorLoopMaxMs: number;
  goal: string;
  met: boolean | null;
}

/** The send load of a latency run: messages a second, measured seconds, warm-up seconds. */
export interface LoadSettings {
  rate: number;
  seconds: number;
  warmup: number;
}

/** Warm-up (not counted), then the measured run. */
export async function measureLatency(
  run: string,
  pairs: Pair[],
  send: Send,
  servers: ServerProcess[],
  settings: LoadSettings,
  goal?: { p50Ms?: number; p99Ms: number },
  /** Scrape the app's /metrics around the run (its event loop, GC); on with a goal. */
  withMetrics = goal !== undefined,
): Promise<LatencyResult> {
  const { rate, seconds, warmup } = settings;
  if (warmup > 0) {
    console.log(`  ${run}: ${warmup} s warm-up at ${rate}/s…`);
    await runLoad('warm', pairs, send, rate, warmup, servers, false);
  }
  console.log(`  ${run}: ${seconds} s at ${rate}/s over ${pairs.length} chats…`);
  // Only the app has /metrics; its baseline is the bare server.
  const load = await runLoad('run', pairs, send, rate, seconds, servers, withMetrics);
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
    targetRate: rate,
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
    serverLoopP99Ms: load.serverLoopP99Ms,
    serverGcMs: load.serverGcSeconds === undefined ? undefined : load.serverGcSeconds * 1000,
    generatorCpuPercent: (load.generatorCpuSeconds / load.seconds) * 100,
    generatorLoopMaxMs: load.generatorLoopMaxMs,
    goal: goalText,
    met,
  };
}

export function appSend(base: string): Send {
  return async (pair, clientId) =>
    (
      await postJson(
        `${base}/api/v1/chats/${pair.chatId}/messages`,
        { body: BODY, clientId },
        pair.buyer.token,
      )
    ).status;
}

export function bareSend(base: string): Send {
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

// ---------------------------------------------------------------- databases and clean-up

/**
 * A fresh database `maya_bench_<random>` on the PostgreSQL that `adminUrl` reaches (an admin
 * connection), dropped by `cleanUp`. Answers its URL.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const admin = new URL(adminUrl);
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
  return url.toString();
}

/** Undoes everything registered in `cleanups`, last first, and closes the HTTP pools. */
export async function cleanUp(): Promise<void> {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
  while (cleanups.length > 0) {
    await cleanups.pop()!().catch((error: unknown) => console.error(error));
  }
}
