import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from './app-error.js';

/** Builds the counter store; rate-limiter-flexible's Redis or PostgreSQL store takes the same options. */
export type LimiterStore = (options: IRateLimiterOptions) => RateLimiterAbstract;

const refusalListeners = new WeakMap<LimiterStore, (name: string) => void>();

/**
 * The same store, telling `onRefused` the name of each limiter or throttle built on it that
 * refuses an attempt (metrics).
 */
export function countingRefusals(
  store: LimiterStore,
  onRefused: (name: string) => void,
): LimiterStore {
  const counting: LimiterStore = (options) => store(options);
  refusalListeners.set(counting, onRefused);
  return counting;
}

/** Tells the store's listener (countingRefusals), if any, that the named limit refused. */
export function reportRefusal(store: LimiterStore | undefined, name: string): void {
  if (store) refusalListeners.get(store)?.(name);
}

/** In this process's memory: right for one process (the embedded database). */
export const memoryStore: LimiterStore = (options) => new RateLimiterMemory(options);

/** The table rate-limiter-flexible keeps PostgreSQL counters in (key, points, expire). */
export const POSTGRES_LIMITS_TABLE = 'rate_limits';

/**
 * Counters every process shares, in Redis (a node-redis client). When Redis cannot answer, each
 * counter falls back to this process's memory (the library's insurance limiter) until it can.
 */
export function redisStore(client: unknown): LimiterStore {
  return (options) =>
    new RateLimiterRedis({
      ...options,
      storeClient: client,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}

/**
 * Counters every process shares, in a PostgreSQL table (POSTGRES_LIMITS_TABLE, created by
 * `preparePostgresLimits`). When the database cannot answer, each counter falls back to this
 * process's memory (the library's insurance limiter).
 */
export function postgresStore(pool: unknown): LimiterStore {
  return (options) =>
    new RateLimiterPostgres({
      ...options,
      storeClient: pool,
      storeType: 'pool',
      tableName: POSTGRES_LIMITS_TABLE,
      tableCreated: true,
      // One process-wide sweep (preparePostgresLimits) deletes expired rows instead.
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}

/**
 * Another session created the same table at the same moment: PostgreSQL's `create table if not
 * exists` checks before it creates the table's row type, so the slower of two can answer
 * `type "…" already exists` (42710) or `relation "…" already exists` (42P07), and the table is
 * there. (The library itself lets the third form, a unique violation on pg_type, pass.)
 */
const createdConcurrently = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ['42710', '42P07'].includes(String((error as { code?: unknown }).code));

/**
 * Creates the counters' table once, with the library's own statement, and sweeps expired rows
 * every five minutes (an unref'd timer, failures ignored). Processes starting together may race
 * to create it: the one that loses asks again, and finds it.
 */
export async function preparePostgresLimits(pool: unknown): Promise<void> {
  const prepare = () =>
    new Promise<void>((resolve, reject) => {
      new RateLimiterPostgres(
        {
          storeClient: pool,
          storeType: 'pool',
          tableName: POSTGRES_LIMITS_TABLE,
          keyPrefix: 'sweeper',
          clearExpiredByTimeout: true,
        },
        (error?: Error) => (error ? reject(error) : resolve()),
      );
    });
  try {
    await prepare();
  } catch (error) {
    if (!createdConcurrently(error)) throw error;
    await prepare();
  }
}

export interface Limiter {
  /**
   * Counts one attempt and answers how many the key has in its window, or throws RATE_LIMITED
   * with Retry-After when that is over the limit.
   */
  consume(key: string): Promise<number>;
  /** Counts one attempt without refusing it. */
  penalize(key: string): Promise<number>;
  /** Takes back one counted attempt (it turned out to be allowed). */
  reward(key: string): Promise<void>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * A fixed-window counter per key on rate-limiter-flexible, whose stores are asynchronous: the
 * same code runs on memory today and on Redis or PostgreSQL once several processes must share
 * the counts. Windows expire, so nothing is ever locked for good. (lib/throttle.ts is the
 * synchronous one the chat send budget checks around its writes.)
 */
export function createLimiter(options: {
  /** Distinguishes this limiter's keys in a shared store. */
  name: string;
  /** Attempts allowed per window; leave out for a counter that never refuses. */
  limit?: number;
  windowMs: number;
  /** The problem's detail; `{seconds}` becomes the time left. */
  message: string;
  store?: LimiterStore;
}): Limiter {
  const limiter = (options.store ?? memoryStore)({
    keyPrefix: options.name,
    points: options.limit ?? Number.MAX_SAFE_INTEGER,
    duration: options.windowMs / 1000,
  });

  return {
    async consume(key) {
      try {
        return (await limiter.consume(key)).consumedPoints;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        reportRefusal(options.store, options.name);
        const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw new AppError(
          'RATE_LIMITED',
          options.message.replace('{seconds}', String(seconds)),
          undefined,
          { 'retry-after': String(seconds) },
        );
      }
    },
    async penalize(key) {
      return (await limiter.penalty(key)).consumedPoints;
    },
    async reward(key) {
      // Never below zero, which would give the key extra attempts in a later window.
      if ((await limiter.get(key))?.consumedPoints) await limiter.reward(key);
    },
    async count(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
