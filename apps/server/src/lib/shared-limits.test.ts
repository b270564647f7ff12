import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../test/test-database.js';
import { readEnv } from '../config.js';
import { createPostgresPool, defaultPostgresTimeouts } from '../db/postgres-pool.js';
import { AppError } from './app-error.js';
import { boundedStore, createLimiter, postgresStore, preparePostgresLimits } from './limiter.js';
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

  it('checks a send budget before writing, against what every process has counted', async () => {
    const options = { name: 'budget', max: 5, windowMs: 60_000, message: 'Wait {seconds} s.' };
    const here = createThrottle({ ...options, store: postgresStore(first) });
    const there = createThrottle({ ...options, store: postgresStore(second) });
    await here.check('user:1', 3);
    await here.hit('user:1', 3);
    // Three more do not fit in what is left, whichever process asks; two do.
    await expect(there.check('user:1', 3)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(there.check('user:1', 2)).resolves.toBeUndefined();
    await there.hit('user:1', 2);
    await expect(here.check('user:1')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
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
