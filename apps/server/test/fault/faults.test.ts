import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerToClientEvents } from '@maya/contracts';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { startPostgres, type PostgresInstance } from './postgres-instance.js';
import { startRedis, type RedisInstance } from './redis-instance.js';

/**
 * The real server entry on a PostgreSQL and a Redis of the suite's own, which it stops, kills and
 * freezes under a steady load of reads and sends. The server must stay up, answer 503 quickly
 * while a dependency is gone, recover by itself when it returns, and lose no acknowledged message.
 */

const OUTAGE_MS = 8_000;
const ANSWER_GOAL_MS = 5_000;
const READY_GOAL_MS = 2_000;
const RECOVERY_GOAL_MS = 5_000;

interface Answer {
  startedAt: number;
  ms: number;
  /** 0: no HTTP answer at all (connection refused or the client's own 15 s limit). */
  status: number;
  kind: 'read' | 'send' | 'ready';
}

interface Pair {
  chatId: string;
  buyerToken: string;
  sellerToken: string;
  acked: Set<string>;
}

async function call(url: string, path: string, init: RequestInit = {}, token?: string) {
  const startedAt = Date.now();
  try {
    const response = await fetch(`${url}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { startedAt, ms: Date.now() - startedAt, status: response.status, text };
  } catch {
    return { startedAt, ms: Date.now() - startedAt, status: 0, text: '' };
  }
}

async function postJson(url: string, path: string, body: unknown, token?: string) {
  const answer = await call(url, path, { method: 'POST', body: JSON.stringify(body) }, token);
  if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as Record<string, any>;
}

let people = 0;
async function signUp(url: string, role: 'buyer' | 'seller') {
  people += 1;
  const body = {
    role,
    email: `fault-${role}-${people}@example.test`,
    password: 'steady under faults',
    firstName: 'Fault',
    lastName: `Person ${people}`,
    ...(role === 'seller' ? { category: 'beauty' } : {}),
  };
  return postJson(url, '/api/v1/auth/signup', body);
}

async function makePair(url: string): Promise<Pair> {
  const [buyer, seller] = await Promise.all([signUp(url, 'buyer'), signUp(url, 'seller')]);
  const { chat } = await postJson(url, '/api/v1/chats', { partnerId: seller.user.id }, buyer.token);
  return { chatId: chat.id, buyerToken: buyer.token, sellerToken: seller.token, acked: new Set() };
}

/** Reads, sends and readiness probes against one server, recorded until stopped. */
function startLoad(url: string, pairs: Pair[]) {
  const answers: Answer[] = [];
  let running = true;
  let sent = 0;
  const loops = [
    (async () => {
      while (running) {
        const answer = await call(url, '/api/v1/users?q=studio');
        answers.push({ ...answer, kind: 'read' });
        await sleep(100);
      }
    })(),
    (async () => {
      while (running) {
        const answer = await call(url, '/readyz');
        answers.push({ ...answer, kind: 'ready' });
        await sleep(100);
      }
    })(),
    ...pairs.map(async (pair, index) => {
      while (running) {
        sent += 1;
        const clientId = `load-${index}-${sent}`;
        const answer = await call(
          url,
          `/api/v1/chats/${pair.chatId}/messages`,
          { method: 'POST', body: JSON.stringify({ body: `message ${clientId}`, clientId }) },
          pair.buyerToken,
        );
        answers.push({ ...answer, kind: 'send' });
        if (answer.status === 200 || answer.status === 201) pair.acked.add(clientId);
        await sleep(1_200);
      }
    }),
  ];
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

function liveSocket(url: string, token: string) {
  const socket: Socket<ServerToClientEvents> = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
  });
  return socket;
}

/** Sends through `sender` and waits for the event on the partner's socket on the other server. */
async function deliveredAcross(
  senderUrl: string,
  pair: Pair,
  socket: Socket<ServerToClientEvents>,
) {
  const clientId = `probe-${Math.random().toString(36).slice(2)}`;
  const arrived = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      socket.off('message:new', listener);
      resolve(false);
    }, 1_000);
    const listener = (event: Parameters<ServerToClientEvents['message:new']>[0]) => {
      if (event.message.clientId !== clientId) return;
      clearTimeout(timer);
      socket.off('message:new', listener);
      resolve(true);
    };
    socket.on('message:new', listener);
  });
  const answer = await call(
    senderUrl,
    `/api/v1/chats/${pair.chatId}/messages`,
    { method: 'POST', body: JSON.stringify({ body: 'are you there?', clientId }) },
    pair.buyerToken,
  );
  if (answer.status !== 201) return false;
  pair.acked.add(clientId);
  return arrived;
}

interface Figures {
  fault: string;
  /** The longest answer in the second before the fault: the same run's baseline. */
  beforeLongestMs: number;
  answers: number;
  longestMs: number;
  statuses: Record<string, number>;
  readyLongestMs: number;
  recoveryMs: number;
  acknowledged: number;
  lost: number;
}

const figures: Figures[] = [];

async function storedClientIds(url: string, pair: Pair): Promise<string[]> {
  const ids: string[] = [];
  let before: string | undefined;
  for (;;) {
    const query = before ? `?limit=100&before=${before}` : '?limit=100';
    const answer = await call(
      url,
      `/api/v1/chats/${pair.chatId}/messages${query}`,
      {},
      pair.buyerToken,
    );
    const page = JSON.parse(answer.text) as {
      items: { id: string; clientId: string }[];
      hasMore: boolean;
    };
    ids.push(...page.items.map((item) => item.clientId));
    if (!page.hasMore || page.items.length === 0) return ids;
    before = page.items.at(-1)!.id;
  }
}

describe('faults of PostgreSQL and Redis under load', () => {
  let postgres: PostgresInstance;
  let redis: RedisInstance;
  const servers: ServerProcess[] = [];
  const sockets: Socket[] = [];
  let dataDir: string;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    dataDir = await mkdtemp(join(tmpdir(), 'maya-fault-'));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const server of servers) await server.stop();
    await Promise.all([postgres?.destroy(), redis?.destroy()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (figures.length > 0) {
      console.table(
        figures.map(({ statuses, ...rest }) => ({ ...rest, statuses: JSON.stringify(statuses) })),
      );
      const out = fileURLToPath(new URL('../../../../test-results/', import.meta.url));
      await mkdir(out, { recursive: true });
      await writeFile(join(out, 'faults.json'), JSON.stringify(figures, null, 2));
    }
  }, 60_000);

  async function twoServers(env: Record<string, string>) {
    const first = await startServerProcess({ DATA_DIR: dataDir, ...env });
    const second = await startServerProcess({ DATA_DIR: dataDir, ...env });
    servers.push(first, second);
    return [first, second] as const;
  }

  /**
   * Breaks a dependency under load, restores it after OUTAGE_MS, and measures the answers given
   * meanwhile and the time until everything works again, events across processes included.
   */
  async function outage(
    name: string,
    [first, second]: readonly [ServerProcess, ServerProcess],
    pairs: Pair[],
    faults: { break(): Promise<void>; restore(): Promise<void> },
    expectDown: 'database' | 'redis',
  ) {
    const socket = liveSocket(second.url, pairs[0]!.sellerToken);
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(await deliveredAcross(first.url, pairs[0]!, socket)).toBe(true);

    const load = startLoad(first.url, pairs);
    await sleep(1_000);
    const brokenAt = Date.now();
    await faults.break();
    await sleep(OUTAGE_MS);
    const restoredAt = Date.now();
    await faults.restore();

    let recoveryMs = -1;
    while (Date.now() - restoredAt < 30_000) {
      const ready = await call(first.url, '/readyz');
      if (ready.status === 200 && (await deliveredAcross(first.url, pairs[0]!, socket))) {
        recoveryMs = Date.now() - restoredAt;
        break;
      }
      await sleep(100);
    }
    await load.stop();

    for (const server of [first, second]) expect(server.child.exitCode).toBeNull();
    // Everything asked while the dependency was gone (from a moment after the break, so requests
    // already answered by then do not count, until it returned).
    const during = load.answers.filter(
      (answer) => answer.startedAt >= brokenAt + 500 && answer.startedAt + answer.ms <= restoredAt,
    );
    const statuses: Record<string, number> = {};
    for (const answer of during) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const readyAnswers = during.filter((answer) => answer.kind === 'ready');
    const before = load.answers.filter((answer) => answer.startedAt + answer.ms < brokenAt);
    let acknowledged = 0;
    let lost = 0;
    const stored = new Map<Pair, string[]>();
    for (const pair of pairs) {
      stored.set(pair, await storedClientIds(first.url, pair));
      acknowledged += pair.acked.size;
      lost += [...pair.acked].filter((clientId) => !stored.get(pair)!.includes(clientId)).length;
    }
    figures.push({
      fault: name,
      beforeLongestMs: Math.max(...before.map((answer) => answer.ms)),
      answers: during.length,
      longestMs: Math.max(...during.map((answer) => answer.ms)),
      statuses,
      readyLongestMs: Math.max(...readyAnswers.map((answer) => answer.ms)),
      recoveryMs,
      acknowledged,
      lost,
    });

    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(
      during.filter(
        (answer) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503),
      ),
    ).toEqual([]);
    expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThanOrEqual(ANSWER_GOAL_MS);
    expect(readyAnswers.length).toBeGreaterThan(0);
    for (const answer of readyAnswers) {
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThanOrEqual(READY_GOAL_MS);
    }
    if (expectDown === 'database') {
      expect(
        during.filter((answer) => answer.kind !== 'ready' && answer.status === 503).length,
      ).toBeGreaterThan(0);
    } else {
      // Redis carries only events between processes: requests keep working without it.
      expect(
        during.filter(
          (answer) => answer.kind !== 'ready' && answer.status !== 200 && answer.status !== 201,
        ),
      ).toEqual([]);
    }
    expect(recoveryMs).toBeGreaterThanOrEqual(0);
    expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_GOAL_MS);

    for (const pair of pairs) {
      const ids = stored.get(pair)!;
      expect([...pair.acked].filter((clientId) => !ids.includes(clientId))).toEqual([]);
      expect(new Set(ids).size).toBe(ids.length);
    }
    socket.close();
  }

  describe('PostgreSQL (events shared through its LISTEN/NOTIFY)', () => {
    let cluster: readonly [ServerProcess, ServerProcess];
    let pairs: Pair[];

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query('CREATE DATABASE maya_pg');
      await admin.end();
      cluster = await twoServers({ DATABASE_URL: postgres.url.replace(/\/postgres$/, '/maya_pg') });
      pairs = await Promise.all([0, 1, 2].map(() => makePair(cluster[0].url)));
    }, 120_000);

    it('answers 503 while PostgreSQL is stopped (fast) and recovers without a restart', async () => {
      await outage(
        'PostgreSQL stop -m fast',
        cluster,
        pairs,
        {
          break: () => postgres.stop('fast'),
          restore: () => postgres.start(),
        },
        'database',
      );
    }, 90_000);

    it('answers 503 while PostgreSQL is stopped (immediate) and recovers without a restart', async () => {
      await outage(
        'PostgreSQL stop -m immediate',
        cluster,
        pairs,
        {
          break: () => postgres.stop('immediate'),
          restore: () => postgres.start(),
        },
        'database',
      );
    }, 90_000);

    it('answers 503 within 5 s while PostgreSQL is frozen and recovers when it thaws', async () => {
      await outage(
        'PostgreSQL frozen (SIGSTOP)',
        cluster,
        pairs,
        {
          break: () => postgres.freeze(true),
          restore: () => postgres.freeze(false),
        },
        'database',
      );
    }, 90_000);
  });

  describe('Redis (events shared through it)', () => {
    let cluster: readonly [ServerProcess, ServerProcess];
    let pairs: Pair[];

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query('CREATE DATABASE maya_redis');
      await admin.end();
      cluster = await twoServers({
        DATABASE_URL: postgres.url.replace(/\/postgres$/, '/maya_redis'),
        REDIS_URL: redis.url,
      });
      pairs = await Promise.all([0, 1].map(() => makePair(cluster[0].url)));
    }, 120_000);

    it('keeps serving while Redis is stopped, says so on /readyz, and recovers', async () => {
      await outage(
        'Redis stopped',
        cluster,
        pairs,
        {
          break: () => redis.stop(),
          restore: () => redis.start(),
        },
        'redis',
      );
    }, 90_000);

    it('keeps serving while Redis is frozen, says so on /readyz, and recovers', async () => {
      await outage(
        'Redis frozen (SIGSTOP)',
        cluster,
        pairs,
        {
          break: async () => redis.freeze(true),
          restore: async () => redis.freeze(false),
        },
        'redis',
      );
    }, 90_000);
  });
});
