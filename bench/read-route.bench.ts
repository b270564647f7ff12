/**
 * What the full app costs on its busiest read, GET /api/v1/users?role=seller&limit=24, against a
 * bare Fastify route running the same SQL through the same Drizzle database. Both run in this
 * process, one after the other, on one embedded PGlite seeded with BENCH_SELLERS (2000) sellers.
 * The load generator runs in a worker thread; only 127.0.0.1 is ever targeted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase, type Database } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import {
  load,
  loadOptionsFromEnv,
  printTable,
  seedSellers,
  writeResult,
  type LoadResult,
} from './lib.js';

const NAME = 'read-route';
const SELLERS = Number(process.env.BENCH_SELLERS ?? 2000);
const BATCH = 500;
const PATH = '/api/v1/users?role=seller&limit=24';

/** The directory query of users.repository.ts for the first page sorted by newest, verbatim. */
function bareApp(db: Database): FastifyInstance {
  const { search: _search, searchText: _searchText, ...columns } = getTableColumns(users);
  const app = Fastify({ logger: false });
  app.get('/api/v1/users', async () => {
    const rows = await db
      .select({ ...columns, distanceKm: sql`null::float8`, sortValue: sql`${users.createdAt}` })
      .from(users)
      .where(and(eq(users.role, 'seller'), isNull(users.deletedAt)))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(25);
    const page = rows.slice(0, 24);
    return {
      items: page.map(({ passwordHash: _hash, sortValue: _sort, ...user }) => user),
      nextCursor: rows.length > 24 ? (page.at(-1)?.id ?? null) : null,
    };
  });
  return app;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** Both answers must be a full first page with the same sellers in the same order. */
async function firstPageIds(url: string): Promise<string[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body = (await response.json()) as { items: { id: string }[] };
  if (body.items.length !== 24)
    throw new Error(`GET ${url} gave ${body.items.length} items, not 24`);
  return body.items.map((item) => item.id);
}

async function measure(target: string, app: FastifyInstance, expected?: string[]) {
  const base = await listen(app);
  try {
    const ids = await firstPageIds(`${base}${PATH}`);
    if (expected && ids.join() !== expected.join()) {
      throw new Error(`${target} answers a different first page than the full app`);
    }
    const options = loadOptionsFromEnv();
    console.log(
      `${target}: ${options.warmup} s warm-up, then ${options.duration} s with ${options.connections} connections…`,
    );
    return { ids, result: await load(target, `${base}${PATH}`, options) };
  } finally {
    await app.close();
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-'));
const handle = await createDatabase({ kind: 'pglite', dataDir });
try {
  await handle.migrate();
  await seedSellers(handle.db, SELLERS, BATCH);
  console.log(`Seeded ${SELLERS} sellers into PGlite at ${dataDir}`);

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
  });
  const full = await measure(
    'full app',
    await buildApp(config, { database: handle, logger: false }),
  );
  const bare = await measure('bare fastify', bareApp(handle.db), full.ids);

  const results: LoadResult[] = [full.result, bare.result];
  const ratio = full.result.requestsPerSec / bare.result.requestsPerSec;
  const latencyRatio = {
    p50: full.result.latencyP50Ms / Math.max(bare.result.latencyP50Ms, 0.001),
    p99: full.result.latencyP99Ms / Math.max(bare.result.latencyP99Ms, 0.001),
  };

  console.log(`\nGET ${PATH} — ${SELLERS} sellers, embedded PGlite, Node ${process.version}\n`);
  printTable(
    results.map((result) => ({
      target: result.target,
      'req/s': Math.round(result.requestsPerSec),
      'p50 ms': result.latencyP50Ms,
      'p99 ms': result.latencyP99Ms,
      'max ms': result.latencyMaxMs,
      requests: result.requests,
      'non-2xx': result.non2xx,
    })),
  );
  console.log(
    `\nfull/bare: ${ratio.toFixed(2)}× the throughput, ${latencyRatio.p50.toFixed(2)}× the p50 latency, ${latencyRatio.p99.toFixed(2)}× the p99 latency`,
  );
  const file = await writeResult(NAME, {
    route: `GET ${PATH}`,
    config: { sellers: SELLERS, engine: 'pglite', ...loadOptionsFromEnv() },
    results,
    ratio,
    latencyRatio,
  });
  console.log(`Wrote ${file}`);
} finally {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
}
