/**
 * The directory benchmarks' data and targets: the generated sellers (the seed generator's,
 * re-placed and varied for realistic text and radius search), their bulk load, the query shapes
 * people send, the bare Fastify route calling the very same repository function, and a fresh
 * database per engine (PGlite in a temporary DATA_DIR, or maya_bench_<random> on PostgreSQL,
 * created through an admin connection and dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sectors, type Sector } from '@maya/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import {
  createDatabase,
  type Database,
  type DatabaseHandle,
} from '../apps/server/src/db/client.js';
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
import { POINT_RADIUS_KM } from '../apps/server/src/modules/places/places.service.js';
import { createReviewsRepository } from '../apps/server/src/modules/reviews/reviews.repository.js';
import { createServicesRepository } from '../apps/server/src/modules/services/services.repository.js';
import {
  expandWord,
  meaningfulWords,
  searchWords,
  termQuery,
} from '../apps/server/src/modules/directory/search-terms.js';
import { assertLocal } from './lib.js';

const CHUNK = 10_000;
export const PAGE = 24;
export const RADIUS_KM = 25;

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
export type RawQuery = (
  text: string,
  params?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export function rawClient(handle: DatabaseHandle): { query: RawQuery; client: pg.Pool | PGlite } {
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

export interface SeedTimes {
  insertSeconds: number;
  indexSeconds: number;
  analyzeSeconds: number;
}

/**
 * Bulk load as an operator would: the secondary indexes are dropped, rows go in as arrays
 * (one statement per 10,000 rows), then the indexes are re-created from their own definitions
 * (pg_indexes.indexdef, so the schema ends up exactly as migrated) and the table is analysed.
 */
export async function seed(
  handle: DatabaseHandle,
  total: number,
  databaseUrl?: string,
): Promise<SeedTimes> {
  if (handle.engine === 'postgres') {
    if (!databaseUrl) throw new Error('seeding PostgreSQL needs the database URL');
    // A connection of its own, without the pool's statement limit (3 s, for a request): the bulk
    // load's statements and index builds take longer. One connection throughout, so the session
    // setting below applies to the index builds.
    const session = new pg.Client({ connectionString: databaseUrl });
    await session.connect();
    try {
      return await seedOn(handle.engine, total, (text, params) =>
        session.query(text, params ?? []),
      );
    } finally {
      await session.end();
    }
  }
  const { client } = rawClient(handle);
  return seedOn(handle.engine, total, (text, params) =>
    (client as unknown as { query: RawQuery }).query(text, params ?? []),
  );
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

export interface Shape {
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

export const SHAPES: Shape[] = [
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
export function directoryArgs(search: string): DirectoryQuery {
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
        radiusKm: Number(params.get('radiusKm') ?? POINT_RADIUS_KM),
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

/**
 * The same repository calls as the service, so the same SQL: a first page searched by words or
 * around a place carries the search's count in its statements, as the service asks for it. No
 * auth, validation, policy or response schema.
 */
export function bareApp(db: Database): FastifyInstance {
  const repository = createDirectoryRepository(db);
  const services = createServicesRepository(db);
  const reviews = createReviewsRepository(db);
  const app = Fastify({ logger: false });
  app.get('/api/v1/users', async (request) => {
    const query = directoryArgs(request.url.split('?')[1] ?? '');
    const counted =
      (query.terms?.length ?? 0) > 0 || query.near !== undefined
        ? await repository.findCountedDirectoryPage(query)
        : { rows: await repository.findDirectoryPage(query), total: undefined };
    const page = counted.rows.slice(0, PAGE);
    // The cards' lowest prices, then their ratings, as the directory's service reads them.
    const ids = page.map(({ user }) => user.id);
    const lowest = ids.length > 0 ? await services.findLowest(ids, undefined) : new Map();
    const rated = await reviews.ratingsOf(ids, new Date());
    return {
      items: page.map(({ user: { passwordHash: _hash, ...user }, distanceKm }) => ({
        ...user,
        distanceKm,
        fromPrice: lowest.get(user.id) ?? null,
        rating: rated.get(user.id) ?? null,
      })),
      total: counted.total ?? null,
      nextCursor: null,
    };
  });
  return app;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${address.port}`;
  assertLocal(base);
  return base;
}

/** The full app's configuration on a benchmark's data directory: production, silent, no seed. */
export function benchAppConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    // The embedded database's wait limit as the server's (a knob of its own here).
    ...(process.env.DATABASE_QUEUE_TIMEOUT_MS && {
      DATABASE_QUEUE_TIMEOUT_MS: process.env.DATABASE_QUEUE_TIMEOUT_MS,
    }),
    ...env,
  });
}

export interface BenchTarget {
  handle: DatabaseHandle;
  /** A temporary directory (the PGlite data, the app's DATA_DIR), removed by `close`. */
  dataDir: string;
  /** PostgreSQL only: the connection string of the fresh database. */
  databaseUrl?: string;
  /** Closes the database, drops it (PostgreSQL, unless kept) and removes the directory. */
  close: () => Promise<void>;
}

/**
 * A fresh, empty database: PGlite in a temporary directory, or on PostgreSQL a database
 * maya_bench_<random> created through `adminUrl` (127.0.0.1 only), dropped on close unless `keep`.
 */
export async function openBenchTarget(
  engine: 'pglite' | 'postgres',
  options: { adminUrl?: string; keep?: boolean } = {},
): Promise<BenchTarget> {
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-directory-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') {
    const handle = await createDatabase({
      kind: 'pglite',
      dataDir,
      // As the server opens it (server.ts).
      queueTimeoutMs: benchAppConfig(dataDir).DATABASE_QUEUE_TIMEOUT_MS,
    }).catch(async (error) => {
      await removeDir();
      throw error;
    });
    return {
      handle,
      dataDir,
      close: async () => {
        await handle.close();
        await removeDir();
      },
    };
  }
  if (!options.adminUrl) throw new Error('PostgreSQL needs an admin connection string');
  const admin = new URL(options.adminUrl);
  assertLocal(admin.toString());
  const name = `maya_bench_${randomBytes(4).toString('hex')}`;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await adminQuery(`create database ${name}`);
  console.log(`  created database ${name}${options.keep ? ' (kept: BENCH_KEEP_DB=1)' : ''}`);
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const drop = async () => {
    if (options.keep) return;
    await adminQuery(`drop database if exists ${name} with (force)`);
    console.log(`  dropped database ${name}`);
  };
  const handle = await createDatabase({ kind: 'postgres', url: url.toString() }).catch(
    async (error) => {
      await drop();
      await removeDir();
      throw error;
    },
  );
  return {
    handle,
    dataDir,
    databaseUrl: url.toString(),
    close: async () => {
      try {
        await handle.close();
      } finally {
        await drop();
        await removeDir();
      }
    },
  };
}
