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
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../apps/server/src/db/client.js';
import { uuidv7 } from '../apps/server/src/lib/uuid.js';
import type { ServerProcess } from '../apps/server/test/server-process.js';
import {
  appSend,
  bareSend,
  cleanUp,
  cleanups,
  closeAll,
  connectAll,
  createPostgresDatabase,
  DRAIN_MS,
  insertUsers,
  MAX_IN_FLIGHT,
  makeUsers,
  measureLatency,
  openChat,
  pairUp,
  pidOf,
  round,
  rssBytes,
  SEND_LIMIT_PER_MINUTE,
  sleep,
  startApp,
  startBareServer,
  type BenchUser,
  type Client,
  type LatencyResult,
} from './chat-delivery.js';
import { knob, printTable, writeResult } from './lib.js';

const NAME = 'sockets';

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

const GOAL = { oneProcessP50Ms: 10, oneProcessP99Ms: 50, twoProcessP99Ms: 100, rssMb: 512 };
const LOAD = { rate: RATE, seconds: SECONDS, warmup: WARMUP };

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
      latency.push(await measureLatency('bare socket.io', pairs, bareSend(bare.url), [bare], LOAD));
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
        await measureLatency('app, 1 process, PGlite', pairs, appSend(app.url), [app], LOAD, {
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
    const url = await createPostgresDatabase(PG_ADMIN_URL);
    const handle = await createDatabase({ kind: 'postgres', url });
    try {
      await handle.migrate();
      await insertUsers(handle, people);
    } finally {
      await handle.close();
    }
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-sockets-pg-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: url };

    const first = await startApp(env, dataDir);
    const pairs = await pairUp(active, (buyer, seller) => openChat(first.url, buyer, seller));
    {
      const { sockets } = await connectAll(clientsOf(first.url, active, true));
      try {
        latency.push(
          await measureLatency(
            'app, 1 process, PostgreSQL',
            pairs,
            appSend(first.url),
            [first],
            LOAD,
            {
              p50Ms: GOAL.oneProcessP50Ms,
              p99Ms: GOAL.oneProcessP99Ms,
            },
          ),
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
            LOAD,
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
