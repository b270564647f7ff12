import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis } from '../../test/redis.js';
import { createPostgresTestDatabase } from '../../test/test-database.js';
import { readEnv } from '../config.js';
import { createPostgresPool, defaultPostgresTimeouts } from '../db/postgres-pool.js';
import { AppError } from './app-error.js';
import {
  boundedStore,
  createLimiter,
  postgresStore,
  preparePostgresLimits,
  redisStore,
} from './limiter.js';
import { createThrottle } from './throttle.js';

// Two pools on one database stand for two processes: the counts are the database's, not theirs.
describe.runIf(readEnv('DATABASE_URL'))('limits shared through PostgreSQL', () => {
  // Set up in beforeAll: a skipped suite's body still runs to collect its tests.
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let first: Awaited<ReturnType<typeof createPostgresPool>>;
  let second: Awaited<ReturnType<typeof createPostgresPool>>;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    const pools = await Promise.all(
      [0, 1].map(() =>
        createPostgresPool({ connectionString: database.url, max: 2 }, defaultPostgresTimeouts),
      ),
    );
    first = pools[0]!;
    second = pools[1]!;
    // Both create the table at once, as processes starting together do.
    await Promise.all([preparePostgresLimits(first), preparePostgresLimits(second)]);
  });
  afterAll(async () => {
    await Promise.all([first.end(), second.end().catch(() => undefined)]);
    await database.drop();
  });

  it('holds a limit of 3 as 3 over two processes', async () => {
    const options = { name: 'shared', limit: 3, windowMs: 60_000, message: 'Wait {seconds} s.' };
    const here = createLimiter({ ...options, store: postgresStore(first) });
    const there = createLimiter({ ...options, store: postgresStore(second) });
    expect(await here.consume('ip:1')).toBe(1);
    expect(await there.consume('ip:1')).toBe(2);
    expect(await here.consume('ip:1')).toBe(3);
    const refusal = await there.consume('ip:1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', headers: { 'retry-after': '60' } });
    await here.reward('ip:1');
    expect(await there.count('ip:1')).toBe(3);
    await there.reset('ip:1');
    expect(await here.count('ip:1')).toBe(0);
  });

  it('lets exactly a budget of 60 through of 200 takes two processes make at once', async () => {
    const options = { name: 'budget', max: 60, windowMs: 60_000, message: 'Wait {seconds} s.' };
    const here = createThrottle({ ...options, store: postgresStore(first) });
    const there = createThrottle({ ...options, store: postgresStore(second) });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) => (index % 2 ? here : there).take('user:1')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(60);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toMatchObject({ code: 'RATE_LIMITED' });
      }
    }
  });

  it('takes a whole save or none, against what every process has taken', async () => {
    const options = { name: 'budget', max: 5, windowMs: 60_000, message: 'Wait {seconds} s.' };
    const here = createThrottle({ ...options, store: postgresStore(first) });
    const there = createThrottle({ ...options, store: postgresStore(second) });
    const three = await here.take('user:2', 3);
    // Three more do not fit in what is left, whichever process asks, and take nothing; two do.
    await expect(there.take('user:2', 3)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(there.take('user:2', 2)).resolves.toMatchObject({ amount: 2 });
    await expect(here.take('user:2')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // A save that wrote one of its three gives two back, for any process to take.
    await three.resize(1);
    await expect(there.take('user:2', 2)).resolves.toMatchObject({ amount: 2 });
  });

  it('counts in memory while the database cannot answer, instead of failing the request', async () => {
    const cut = createLimiter({
      name: 'cut-off',
      limit: 2,
      windowMs: 60_000,
      message: 'Wait {seconds} s.',
      store: boundedStore(postgresStore(second), { timeoutMs: 250 }),
    });
    await second!.end();
    expect(await cut.consume('ip:9')).toBe(1);
    expect(await cut.consume('ip:9')).toBe(2);
    await expect(cut.consume('ip:9')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});

// Two clients of one Redis stand for two processes.
const redis = await startTestRedis();
describe.runIf(redis)('limits shared through Redis', () => {
  let clients: Awaited<ReturnType<typeof connect>>[] = [];
  const connect = async () => {
    const { createClient } = await import('redis');
    const client = createClient({ url: redis!.url, disableOfflineQueue: true });
    await client.connect();
    return client;
  };
  beforeAll(async () => {
    clients = await Promise.all([connect(), connect()]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
    await redis?.destroy();
  });

  it('lets exactly a budget of 60 through of 200 takes two processes make at once', async () => {
    const options = { name: 'budget', max: 60, windowMs: 60_000, message: 'Wait {seconds} s.' };
    const [here, there] = clients.map((client) =>
      createThrottle({ ...options, store: redisStore(client) }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) => (index % 2 ? here! : there!).take('user:1')),
    );
    const holds = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    expect(holds).toHaveLength(60);
    // The refusals took nothing: with one of the 60 given back, exactly one more fits.
    await holds[0]!.resize(0);
    const next = await Promise.allSettled([here!.take('user:1'), there!.take('user:1')]);
    expect(next.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
