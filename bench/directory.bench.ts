/**
 * Discovery at scale: the directory search GET /api/v1/users (text, sector, radius and all three
 * combined) on BENCH_SELLERS (100,000) generated sellers, on embedded PGlite always and on
 * PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names an admin connection; with
 * BENCH_LARGE=1 also on BENCH_SELLERS_PG_LARGE (1,000,000) sellers on PostgreSQL only.
 *
 * For each query shape: p50/p95/p99 of BENCH_REQUESTS (200) sequential requests through the full
 * app, interleaved with the same requests to a bare Fastify route in this process that calls the
 * very same repository function (so the SQL is identical); req/s under autocannon unless
 * BENCH_LOAD=0; and EXPLAIN (ANALYZE, BUFFERS) of the exact SQL and parameters the repository
 * issues (captured with a Drizzle logger on the same client), reduced to the scans it uses.
 *
 * PostgreSQL: a fresh database maya_bench_<random> is created through the admin connection,
 * migrated, loaded and dropped at the end. PGlite: a temporary DATA_DIR, removed at the end.
 * Only 127.0.0.1 is ever targeted. bench/results/directory.json keeps the runs of earlier
 * invocations for other engines/sizes.
 *
 * Knobs: BENCH_ENGINES (pglite,postgres), BENCH_REQUESTS (200), BENCH_WARMUP_REQUESTS (20),
 * BENCH_SHAPE_SECONDS (120: a slow shape stops after this, with at least 20 requests),
 * BENCH_LOAD=0 (skip autocannon), BENCH_DURATION/BENCH_WARMUP/BENCH_CONNECTIONS (5/1/10),
 * BENCH_KEEP_DB=1 (keep the PostgreSQL database for inspection; drop it yourself).
 *
 *   npm run bench -- directory                                    # PGlite only
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- directory
 *   BENCH_ENGINES=postgres BENCH_LARGE=1 BENCH_LOAD=0 BENCH_DATABASE_URL=… npm run bench -- directory
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sectors, type Sector } from '@maya/contracts';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import {
  createDatabase,
  type Database,
  type DatabaseHandle,
} from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { cities, streets } from '../apps/server/src/db/seed/demo-data.js';
import {
  createRandom,
  generateSellers,
  type GeneratedUser,
} from '../apps/server/src/db/seed/generate.js';
import { uuidv7 } from '../apps/server/src/lib/uuid.js';
import {
  createDirectoryRepository,
  type DirectoryQuery,
} from '../apps/server/src/modules/directory/directory.repository.js';
import { DEFAULT_RADIUS_KM } from '../apps/server/src/modules/directory/directory.service.js';
import {
  expandWord,
  meaningfulWords,
  searchWords,
  termQuery,
} from '../apps/server/src/modules/directory/search-terms.js';
import { assertLocal, load, printTable, resultsDir, writeResult, type LoadResult } from './lib.js';

const NAME = 'directory';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const SELLERS = Math.round(envNumber('BENCH_SELLERS', 100_000));
const LARGE = process.env.BENCH_LARGE === '1';
const LARGE_SELLERS = Math.round(envNumber('BENCH_SELLERS_PG_LARGE', 1_000_000));
const REQUESTS = Math.round(envNumber('BENCH_REQUESTS', 200));
const WARMUP_REQUESTS = Math.round(envNumber('BENCH_WARMUP_REQUESTS', 20));
const RUN_LOAD = process.env.BENCH_LOAD !== '0';
/** Time budget per query shape and target: stops early (after at least 20 requests) when slow. */
const SHAPE_SECONDS = envNumber('BENCH_SHAPE_SECONDS', 120);
/** Keep the PostgreSQL database for inspection instead of dropping it (its name is printed). */
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const LOAD_OPTIONS = {
  duration: envNumber('BENCH_DURATION', 5),
  warmup: envNumber('BENCH_WARMUP', 1),
  connections: Math.round(envNumber('BENCH_CONNECTIONS', 10)),
};
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const CHUNK = 10_000;
const PAGE = 24;
const RADIUS_KM = 25;

// ---------------------------------------------------------------------------------------------
// Data: the seed generator's sellers, made varied enough for realistic text and radius search.

/** Syllables for brand words: 20² + 20³ = 8,400 distinct words, so name prefixes are selective. */
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ven',
  'to',
  'sel',
  'na',
  'bri',
  'do',
  'fen',
  'ti',
  'mar',
  'zu',
  'pe',
  'quin',
  'ha',
  'lu',
  'ser',
  'vo',
];
/** Extra description words: services, languages, amenities, neighbourhood colour. */
const EXTRAS = [
  'parking',
  'wheelchair access',
  'weekend opening',
  'english spoken',
  'portuguese spoken',
  'spanish spoken',
  'french spoken',
  'german spoken',
  'organic',
  'eco-friendly',
  'wedding packages',
  'corporate clients',
  'student discount',
  'gift cards',
  'home visits',
  'delivery',
  'terrace',
  'pet-friendly',
  'free consultation',
  'same-day quotes',
  'late opening',
  'family business',
  'award-winning',
  'since 1998',
  'online booking',
  'loyalty card',
  'group bookings',
  'vegan options',
  'sea view',
  'city centre',
  'garden',
  'rooftop',
  'minimalist design',
  'heritage building',
  'solar panels',
  'heat pumps',
  'plumbing',
  'electrics',
  'tiling',
  'painting',
  'flooring',
  'carpentry',
  'masonry',
  'balayage',
  'keratin',
  'microblading',
  'pedicure',
  'manicure',
  'aromatherapy',
  'reflexology',
  'tiktok',
  'instagram',
  'youtube',
  'podcasts',
  'newsletters',
  'brunch',
  'tapas',
  'wine tasting',
  'cocktails',
  'live music',
  'conference room',
  'airport shuttle',
];
const cityNames = cities.map((city) => city.name);

function brandWord(random: () => number): string {
  const parts = 2 + Math.floor(random() * 2);
  let word = '';
  for (let index = 0; index < parts; index += 1) {
    word += SYLLABLES[Math.floor(random() * SYLLABLES.length)]!;
  }
  return word[0]!.toUpperCase() + word.slice(1);
}

function pickSome(count: number, random: () => number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(EXTRAS[Math.floor(random() * EXTRAS.length)]!);
  return [...chosen];
}

/** Triangular around the centre within ±2°, so cities are dense in the middle, sparse outside. */
function spread(centre: number, random: () => number): number {
  return Math.round((centre + (random() + random() - 1) * 2) * 1e6) / 1e6;
}

interface SellerRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  description: string;
  category: Sector;
  address: string;
  lat: number;
  lng: number;
  createdAt: string;
}

/**
 * One seller of the generator, re-placed: a random city (the generator ties name and city
 * together), a brand word and sometimes the city in the name, extra description words, a ±2°
 * spread of coordinates, and creation times 30 s apart ending now (ids are uuidv7 of that time).
 */
function vary(
  row: GeneratedUser,
  index: number,
  total: number,
  now: number,
  random: () => number,
): SellerRow {
  const city = cities[Math.floor(random() * cities.length)]!;
  const second = cityNames.reduce(
    (name, cityName) =>
      name.endsWith(` ${cityName}`) ? name.slice(0, -cityName.length - 1) : name,
    row.lastName,
  );
  const pitch = row.description!.replace(/ Based in .*$/, '');
  const extras = pickSome(3, random);
  const createdAt = now - (total - index) * 30_000;
  return {
    id: uuidv7(createdAt),
    email: `seller-${index}@bench.mayamarket.example`,
    firstName: row.firstName,
    lastName: `${second} ${brandWord(random)}${random() < 0.3 ? ` ${city.name}` : ''}`,
    description: `${pitch} Also: ${extras[0]}, ${extras[1]} and ${extras[2]}. Based in ${city.name}.`,
    category: row.category!,
    address: `${1 + Math.floor(random() * 400)} ${streets[Math.floor(random() * streets.length)]}, ${city.name}, ${city.country}`,
    lat: spread(city.lat, random),
    lng: spread(city.lng, random),
    createdAt: new Date(createdAt).toISOString(),
  };
}

function* sellerChunks(total: number): Generator<SellerRow[]> {
  const random = createRandom(2026);
  const now = Date.now();
  for (let start = 0; start < total; start += CHUNK) {
    const count = Math.min(CHUNK, total - start);
    const generated = generateSellers(count, {
      passwordHash: 'bench-fixed-password-hash',
      random,
      now,
    });
    yield generated.map((row, offset) => vary(row, start + offset, total, now, random));
  }
}

/** Both engines answer { rows } to a parameterised query on their raw client. */
type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

function rawClient(handle: DatabaseHandle): { query: RawQuery; client: pg.Pool | PGlite } {
  const client = (handle.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const query: RawQuery = (text, params) =>
    (client as unknown as { query: RawQuery }).query(text, params ?? []);
  return { query, client };
}

const INSERT = `insert into users (id, role, email, password_hash, first_name, last_name, description,
  category, address, lat, lng, created_at, updated_at)
  select id, 'seller', email, 'bench-fixed-password-hash', first_name, last_name, description,
    category, address, lat, lng, created_at, created_at
  from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::float8[], $9::float8[], $10::timestamptz[])
    as t(id, email, first_name, last_name, description, category, address, lat, lng, created_at)`;

interface SeedTimes {
  insertSeconds: number;
  indexSeconds: number;
  analyzeSeconds: number;
}

/**
 * Bulk load as an operator would: the secondary indexes are dropped, rows go in as arrays
 * (one statement per 10,000 rows), then the indexes are re-created from their own definitions
 * (pg_indexes.indexdef, so the schema ends up exactly as migrated) and the table is analysed.
 */
async function seed(handle: DatabaseHandle, total: number): Promise<SeedTimes> {
  const { client } = rawClient(handle);
  // One connection throughout, so the session setting below applies to the index builds.
  const session = handle.engine === 'postgres' ? await (client as pg.Pool).connect() : undefined;
  try {
    return await seedOn(handle.engine, total, (text, params) =>
      session
        ? session.query(text, params ?? [])
        : (client as unknown as { query: RawQuery }).query(text, params ?? []),
    );
  } finally {
    session?.release();
  }
}

async function seedOn(
  engine: DatabaseHandle['engine'],
  total: number,
  query: RawQuery,
): Promise<SeedTimes> {
  const { rows: indexes } = await query(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = 'users' and indexname <> 'users_pkey'`,
  );
  for (const index of indexes) await query(`drop index ${index.indexname as string}`);

  let started = performance.now();
  let inserted = 0;
  for (const chunk of sellerChunks(total)) {
    await query(INSERT, [
      chunk.map((row) => row.id),
      chunk.map((row) => row.email),
      chunk.map((row) => row.firstName),
      chunk.map((row) => row.lastName),
      chunk.map((row) => row.description),
      chunk.map((row) => row.category),
      chunk.map((row) => row.address),
      chunk.map((row) => row.lat),
      chunk.map((row) => row.lng),
      chunk.map((row) => row.createdAt),
    ]);
    inserted += chunk.length;
    if (inserted % 100_000 === 0 || inserted === total) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`  inserted ${inserted.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s`);
    }
  }
  const insertSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  await query(`set maintenance_work_mem = '${engine === 'postgres' ? '256MB' : '128MB'}'`);
  for (const index of indexes) await query(index.indexdef as string);
  const indexSeconds = (performance.now() - started) / 1000;
  console.log(`  re-created ${indexes.length} indexes in ${indexSeconds.toFixed(1)} s`);

  started = performance.now();
  await query('vacuum analyze users');
  const analyzeSeconds = (performance.now() - started) / 1000;
  return { insertSeconds, indexSeconds, analyzeSeconds };
}

// ---------------------------------------------------------------------------------------------
// Queries.

interface Shape {
  name: 'text' | 'sector' | 'radius' | 'combination';
  /** The query string of the i-th request; variants rotate so no single plan or page is hot. */
  variant(index: number): string;
  variants: number;
}

const TEXT_WORDS = [
  'renovation',
  'catering',
  'glow',
  'massage',
  'roofing',
  'wedding',
  'bistro',
  'lashes',
];
const POINTS: [number, number][] = [
  [38.72, -9.14], // Lisbon
  [41.16, -8.63], // Porto
  [40.42, -3.7], // Madrid
  [41.39, 2.17], // Barcelona
  [51.51, -0.13], // London
  [48.86, 2.35], // Paris
  [52.52, 13.4], // Berlin
  [40.71, -74.01], // New York
];
const SECTOR_ORDER: Sector[] = ['beauty', ...sectors.filter((sector) => sector !== 'beauty')];
const COMBINATIONS: [string, Sector][] = [
  ['renovation', 'construction'],
  ['catering', 'hospitality'],
  ['glow', 'beauty'],
  ['massage', 'beauty'],
  ['roofing', 'construction'],
  ['creators', 'influencer-marketing'],
  ['bistro', 'hospitality'],
  ['lashes', 'beauty'],
];
const near = (index: number) => {
  const [lat, lng] = POINTS[index % POINTS.length]!;
  return `near=${lat},${lng}&radiusKm=${RADIUS_KM}`;
};

const SHAPES: Shape[] = [
  {
    name: 'text',
    variants: TEXT_WORDS.length,
    variant: (i) => `q=${TEXT_WORDS[i % TEXT_WORDS.length]}`,
  },
  {
    name: 'sector',
    variants: SECTOR_ORDER.length,
    variant: (i) => `category=${SECTOR_ORDER[i % SECTOR_ORDER.length]}`,
  },
  { name: 'radius', variants: POINTS.length, variant: near },
  {
    name: 'combination',
    variants: COMBINATIONS.length,
    variant: (i) => {
      const [word, sector] = COMBINATIONS[i % COMBINATIONS.length]!;
      return `q=${word}&category=${sector}&${near(i)}`;
    },
  },
];

/** What users.service.ts findUsers passes to the repository for an anonymous caller. */
function directoryArgs(search: string): DirectoryQuery {
  const params = new URLSearchParams(search);
  // The words as the service reads them (their stems and synonyms; every bench word is known to
  // the vocabulary, so no correction applies).
  const typed = searchWords(params.get('q') ?? '');
  const words = typed.length > 0 ? meaningfulWords(typed) : [];
  const point = params.get('near')?.split(',').map(Number);
  const nearArg = point
    ? {
        lat: point[0]!,
        lng: point[1]!,
        radiusKm: Number(params.get('radiusKm') ?? DEFAULT_RADIUS_KM),
      }
    : undefined;
  return {
    role: 'seller',
    terms: words.map((word) => termQuery(expandWord(word))),
    text: words.join(' '),
    category: (params.get('category') as Sector | null) ?? undefined,
    near: nearArg,
    sort: words.length > 0 ? 'relevance' : nearArg ? 'distance' : 'newest',
    limit: PAGE + 1,
    after: undefined,
  };
}

/** The same repository call as the service, no auth, validation, policy or response schema. */
function bareApp(db: Database): FastifyInstance {
  const repository = createDirectoryRepository(db);
  const app = Fastify({ logger: false });
  app.get('/api/v1/users', async (request) => {
    const search = request.url.split('?')[1] ?? '';
    const rows = await repository.findDirectoryPage(directoryArgs(search));
    return {
      items: rows.slice(0, PAGE).map(({ user: { passwordHash: _hash, ...user }, distanceKm }) => ({
        ...user,
        distanceKm,
      })),
      nextCursor: null,
    };
  });
  return app;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${address.port}`;
  assertLocal(base);
  return base;
}

async function get(url: string): Promise<{ ms: number; ids: string[] }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = (await response.json()) as { items?: { id: string }[] };
  const ms = performance.now() - started;
  if (!response.ok || !body.items) throw new Error(`GET ${url} answered ${response.status}`);
  return { ms, ids: body.items.map((item) => item.id) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
    max: round(sorted.at(-1)!),
  };
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN of the exact statement the repository issues.

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Sort Method'?: string;
  Filter?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

interface ExplainSummary {
  search: string;
  executionMs: number;
  planningMs: number;
  scans: string[];
  seqScan: boolean;
  /** The plan as indented lines; kept for the first variant of each shape only. */
  plan?: string[];
}

function describe(node: PlanNode, depth: number, lines: string[], scans: string[]): boolean {
  const type = node['Node Type'];
  let seq = type === 'Seq Scan';
  if (node['Index Name']) {
    const kind =
      type === 'Bitmap Index Scan' ? 'bitmap' : type === 'Index Only Scan' ? 'index-only' : 'index';
    scans.push(`${node['Index Name']} (${kind})`);
  }
  if (seq) scans.push(`Seq Scan on ${node['Relation Name']}`);
  const details = [
    node['Relation Name'] ? `on ${node['Relation Name']}` : '',
    node['Index Name'] ? `using ${node['Index Name']}` : '',
    `rows=${node['Actual Rows']}${(node['Actual Loops'] ?? 1) > 1 ? ` loops=${node['Actual Loops']}` : ''}`,
    `time=${node['Actual Total Time']}ms`,
    node['Rows Removed by Filter'] ? `removed by filter=${node['Rows Removed by Filter']}` : '',
    node['Rows Removed by Index Recheck']
      ? `removed by recheck=${node['Rows Removed by Index Recheck']}`
      : '',
    `buffers hit=${node['Shared Hit Blocks'] ?? 0} read=${node['Shared Read Blocks'] ?? 0}`,
    node['Sort Method'] ? `sort=${node['Sort Method']}` : '',
  ].filter(Boolean);
  lines.push(`${'  '.repeat(depth)}${type} ${details.join(' ')}`);
  for (const cond of [node['Index Cond'], node['Recheck Cond'], node.Filter]) {
    if (cond)
      lines.push(
        `${'  '.repeat(depth + 1)}: ${cond.length > 220 ? `${cond.slice(0, 220)}…` : cond}`,
      );
  }
  for (const child of node.Plans ?? []) seq = describe(child, depth + 1, lines, scans) || seq;
  return seq;
}

/** A second Drizzle instance on the same client whose logger keeps the last statement. */
function capturingRepository(handle: DatabaseHandle) {
  const { client } = rawClient(handle);
  const captured: { last?: { query: string; params: unknown[] } } = {};
  const logger = {
    logQuery: (query: string, params: unknown[]) => (captured.last = { query, params }),
  };
  const db =
    handle.engine === 'postgres'
      ? drizzleNodePg(client as pg.Pool, { schema, casing: 'snake_case', logger })
      : drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger });
  const repository = createDirectoryRepository(db);
  return {
    async capture(search: string) {
      delete captured.last;
      await repository.findDirectoryPage(directoryArgs(search));
      const statement = captured.last as { query: string; params: unknown[] } | undefined;
      if (!statement) throw new Error('the repository issued no statement');
      return statement;
    },
  };
}

async function explain(handle: DatabaseHandle, search: string): Promise<ExplainSummary> {
  const { query } = rawClient(handle);
  const statement = await capturingRepository(handle).capture(search);
  const { rows } = await query(
    `explain (analyze, buffers, format json) ${statement.query}`,
    statement.params,
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const [result] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: PlanNode;
    'Execution Time': number;
    'Planning Time': number;
  }[];
  const lines: string[] = [];
  const scans: string[] = [];
  const seqScan = describe(result!.Plan, 0, lines, scans);
  return {
    search,
    executionMs: result!['Execution Time'],
    planningMs: result!['Planning Time'],
    scans: [...new Set(scans)],
    seqScan,
    plan: lines,
  };
}

// ---------------------------------------------------------------------------------------------
// One engine at one size.

interface Goal {
  text?: number;
  radius?: number;
}

function goalFor(engine: string, sellers: number): Goal {
  if (engine !== 'postgres') return {};
  if (sellers >= 1_000_000) return { text: 100, radius: 100 };
  if (sellers >= 100_000) return { text: 30, radius: 20 };
  return {};
}

interface QueryResult {
  query: Shape['name'];
  example: string;
  requests: number;
  full: Latency;
  bare: Latency;
  ratioP50: number;
  ratioP95: number;
  averageItems: number;
  emptyAnswers: number;
  load?: { full: LoadResult; bare: LoadResult; ratio: number };
  explain: { scans: string[]; seqScan: boolean; variants: ExplainSummary[] };
  goalP95Ms?: number;
  goalMet?: boolean;
}

interface Run {
  engine: 'pglite' | 'postgres';
  sellers: number;
  date: string;
  seed: SeedTimes & { tableMB: number; indexesMB: Record<string, number> };
  /** 1-minute load average before and after measuring: this machine may be shared. */
  loadAverage: { before: number; after: number; cores: number };
  queries: QueryResult[];
}

async function benchmark(handle: DatabaseHandle, sellers: number, dataDir: string): Promise<Run> {
  console.log(`\n[${handle.engine} ${sellers.toLocaleString('en-US')}] seeding…`);
  await handle.migrate();
  const times = await seed(handle, sellers);
  const { query } = rawClient(handle);
  const { rows: sizes } = await query(
    `select c.relname as name, pg_relation_size(c.oid)::float8 / 1048576 as mb
     from pg_class c where c.relname = 'users'
        or c.oid in (select indexrelid from pg_index where indrelid = 'users'::regclass)`,
  );
  const mb = (name: string) => Math.round(Number(sizes.find((row) => row.name === name)?.mb ?? 0));
  const seedInfo = {
    ...times,
    tableMB: mb('users'),
    indexesMB: Object.fromEntries(
      sizes
        .filter((row) => row.name !== 'users')
        .map((row) => [row.name as string, mb(row.name as string)]),
    ),
  };

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  const full = await buildApp(config, { database: handle, logger: false });
  const bare = bareApp(handle.db);
  const fullBase = await listen(full);
  const bareBase = await listen(bare);
  const goal = goalFor(handle.engine, sellers);
  const loadBefore = loadavg()[0]!;
  const queries: QueryResult[] = [];
  try {
    for (const shape of SHAPES) {
      const url = (base: string, index: number) => `${base}/api/v1/users?${shape.variant(index)}`;
      // Same first page from both, for every variant: the bare route really runs the same query
      // (the full app orders a page's rows by match quality, so the same rows, in any order).
      let items = 0;
      let empty = 0;
      for (let index = 0; index < shape.variants; index += 1) {
        const [a, b] = [await get(url(fullBase, index)), await get(url(bareBase, index))];
        if ([...a.ids].sort().join() !== [...b.ids].sort().join()) {
          throw new Error(`${shape.name} ${shape.variant(index)}: full and bare answers differ`);
        }
        items += a.ids.length;
        if (a.ids.length === 0) empty += 1;
      }
      for (let index = 0; index < WARMUP_REQUESTS; index += 1) {
        await get(url(fullBase, index));
        await get(url(bareBase, index));
      }
      const fullMs: number[] = [];
      const bareMs: number[] = [];
      const measureStarted = performance.now();
      for (let index = 0; index < REQUESTS; index += 1) {
        if (index >= 20 && performance.now() - measureStarted > SHAPE_SECONDS * 1000) {
          console.log(`  ${shape.name}: stopped after ${index} requests (BENCH_SHAPE_SECONDS)`);
          break;
        }
        // Alternate which goes first, so neither always meets the warmer cache.
        if (index % 2 === 0) {
          fullMs.push((await get(url(fullBase, index))).ms);
          bareMs.push((await get(url(bareBase, index))).ms);
        } else {
          bareMs.push((await get(url(bareBase, index))).ms);
          fullMs.push((await get(url(fullBase, index))).ms);
        }
      }
      const fullLatency = latency(fullMs);
      const bareLatency = latency(bareMs);

      const variants: ExplainSummary[] = [];
      for (let index = 0; index < shape.variants; index += 1) {
        const { plan, ...summary } = await explain(handle, shape.variant(index));
        variants.push(index === 0 ? { ...summary, plan } : summary);
      }

      let loadResult: QueryResult['load'];
      if (RUN_LOAD) {
        try {
          const fullLoad = await load(`full ${shape.name}`, url(fullBase, 0), LOAD_OPTIONS);
          const bareLoad = await load(`bare ${shape.name}`, url(bareBase, 0), LOAD_OPTIONS);
          loadResult = {
            full: fullLoad,
            bare: bareLoad,
            ratio: fullLoad.requestsPerSec / Math.max(bareLoad.requestsPerSec, 0.001),
          };
        } catch (error) {
          // Too slow for autocannon's 10 s timeout, typically: latencies above still stand.
          console.log(`  ${shape.name}: load run failed: ${(error as Error).message}`);
        }
      }

      const goalP95Ms =
        shape.name === 'text' ? goal.text : shape.name === 'radius' ? goal.radius : undefined;
      const result: QueryResult = {
        query: shape.name,
        example: `GET /api/v1/users?${shape.variant(0)}`,
        requests: fullMs.length,
        full: fullLatency,
        bare: bareLatency,
        ratioP50: fullLatency.p50 / Math.max(bareLatency.p50, 0.001),
        ratioP95: fullLatency.p95 / Math.max(bareLatency.p95, 0.001),
        averageItems: items / shape.variants,
        emptyAnswers: empty,
        load: loadResult,
        explain: {
          scans: [...new Set(variants.flatMap((variant) => variant.scans))],
          seqScan: variants.some((variant) => variant.seqScan),
          variants,
        },
        goalP95Ms,
        goalMet: goalP95Ms === undefined ? undefined : fullLatency.p95 <= goalP95Ms,
      };
      queries.push(result);
      console.log(
        `  ${shape.name}: p50 ${fullLatency.p50} ms, p95 ${fullLatency.p95} ms (bare p95 ${bareLatency.p95} ms), plan: ${result.explain.scans.join(', ')}`,
      );
    }
  } finally {
    await full.close();
    await bare.close();
  }
  return {
    engine: handle.engine,
    sellers,
    date: new Date().toISOString(),
    seed: seedInfo,
    loadAverage: {
      before: Math.round(loadBefore * 100) / 100,
      after: Math.round(loadavg()[0]! * 100) / 100,
      cores: availableParallelism(),
    },
    queries,
  };
}

function printRun(run: Run): void {
  console.log(
    `\nGET /api/v1/users — ${run.engine}, ${run.sellers.toLocaleString('en-US')} sellers, up to ${REQUESTS} sequential requests per query (full app vs bare route, same SQL), Node ${process.version}`,
  );
  console.log(
    `load: insert ${run.seed.insertSeconds.toFixed(1)} s, indexes ${run.seed.indexSeconds.toFixed(1)} s, vacuum analyze ${run.seed.analyzeSeconds.toFixed(1)} s; table ${run.seed.tableMB} MB; machine load average ${run.loadAverage.before} → ${run.loadAverage.after} on ${run.loadAverage.cores} cores\n`,
  );
  printTable(
    run.queries.map((result) => ({
      query: result.query,
      n: result.requests,
      'p50 ms': result.full.p50,
      'p95 ms': result.full.p95,
      'p99 ms': result.full.p99,
      'bare p95 ms': result.bare.p95,
      ratio: Math.round(result.ratioP95 * 100) / 100,
      ...(result.load
        ? {
            'req/s': Math.round(result.load.full.requestsPerSec),
            'bare req/s': Math.round(result.load.bare.requestsPerSec),
          }
        : {}),
      items: result.averageItems,
      'explain ms':
        Math.round(Math.max(...result.explain.variants.map((v) => v.executionMs)) * 10) / 10,
      'index used':
        result.explain.scans.filter((scan) => !scan.startsWith('Seq Scan')).join(', ') || 'none',
      'seq scan?': result.explain.seqScan ? 'YES' : 'no',
      'goal met?':
        result.goalP95Ms === undefined
          ? 'n/a'
          : `${result.goalMet ? 'yes' : 'NO'} (p95 ≤ ${result.goalP95Ms})`,
    })),
  );
  for (const result of run.queries) {
    const first = result.explain.variants[0]!;
    console.log(
      `\n  EXPLAIN ${result.query} (${first.search}): ${first.executionMs.toFixed(2)} ms`,
    );
    for (const line of first.plan ?? []) console.log(`    ${line}`);
  }
}

// ---------------------------------------------------------------------------------------------

interface Target {
  engine: 'pglite' | 'postgres';
  sellers: number;
}

const targets: Target[] = [];
if (ENGINES.includes('pglite')) targets.push({ engine: 'pglite', sellers: SELLERS });
if (ENGINES.includes('postgres')) {
  if (PG_ADMIN_URL) {
    targets.push({ engine: 'postgres', sellers: SELLERS });
    if (LARGE) targets.push({ engine: 'postgres', sellers: LARGE_SELLERS });
  } else {
    console.log(
      'PostgreSQL skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to an admin connection.',
    );
  }
}

const runs: Run[] = [];
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error) => console.error(error));
  })());
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  for (const target of targets) {
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-directory-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let handle: DatabaseHandle;
    let dropDatabase: (() => Promise<void>) | undefined;
    if (target.engine === 'pglite') {
      handle = await createDatabase({ kind: 'pglite', dataDir });
    } else {
      const admin = new URL(PG_ADMIN_URL!);
      assertLocal(admin.toString());
      const name = `maya_bench_${randomBytes(4).toString('hex')}`;
      const adminClient = new pg.Client({ connectionString: admin.toString() });
      await adminClient.connect();
      await adminClient.query(`create database ${name}`);
      await adminClient.end();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: admin.toString() });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
        console.log(`  dropped database ${name}`);
      };
      if (KEEP_DB) dropDatabase = undefined;
      else cleanups.push(dropDatabase);
      const url = new URL(admin.toString());
      url.pathname = `/${name}`;
      console.log(`  created database ${name}${KEEP_DB ? ' (kept: BENCH_KEEP_DB=1)' : ''}`);
      handle = await createDatabase({ kind: 'postgres', url: url.toString() });
    }
    let closed = false;
    const close = async () => {
      if (!closed) {
        closed = true;
        await handle.close();
      }
    };
    cleanups.push(close);
    try {
      const run = await benchmark(handle, target.sellers, dataDir);
      runs.push(run);
      printRun(run);
    } finally {
      await close();
      if (dropDatabase) {
        cleanups.splice(cleanups.indexOf(dropDatabase), 1);
        await dropDatabase();
      }
    }
  }

  // Keep earlier runs of engines/sizes not measured this time, so one file holds them all.
  const key = (run: { engine: string; sellers: number }) => `${run.engine}:${run.sellers}`;
  const previous = await readFile(join(resultsDir, `${NAME}.json`), 'utf8')
    .then((text) => (JSON.parse(text) as { runs?: Run[] }).runs ?? [])
    .catch(() => [] as Run[]);
  const measured = new Set(runs.map(key));
  const allRuns = [...previous.filter((run) => !measured.has(key(run))), ...runs].sort(
    (a, b) => a.engine.localeCompare(b.engine) || a.sellers - b.sellers,
  );
  const file = await writeResult(NAME, {
    route: 'GET /api/v1/users (anonymous: sellers)',
    config: {
      requests: REQUESTS,
      warmupRequests: WARMUP_REQUESTS,
      radiusKm: RADIUS_KM,
      load: RUN_LOAD ? LOAD_OPTIONS : false,
      goals: 'PostgreSQL: text p95 ≤ 30 ms and radius p95 ≤ 20 ms at 100k; ≤ 100 ms at 1M',
      shapes: SHAPES.map((shape) =>
        Array.from({ length: shape.variants }, (_, index) => shape.variant(index)),
      ),
    },
    runs: allRuns,
  });
  console.log(`\nWrote ${file}`);
} finally {
  await cleanUp();
}
