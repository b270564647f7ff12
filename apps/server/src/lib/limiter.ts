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
 * Counters every process shares, in Redis (a node-redis client). Give it to `boundedStore`, which
 * answers from memory while Redis is slow or gone: node-redis's own command timeout covers only
 * the wait to be written, and a frozen server takes the bytes and never answers.
 */
export function redisStore(client: unknown): LimiterStore {
  return (options) =>
    new RateLimiterRedis({
      ...options,
      storeClient: client,
      useRedisPackage: true,
      // Disconnected, a call fails at once (and boundedStore answers it from memory).
      rejectIfRedisNotReady: true,
    });
}

/**
 * Counters every process shares, in a PostgreSQL table (POSTGRES_LIMITS_TABLE, created by
 * `preparePostgresLimits`). Give it to `boundedStore`, which answers from memory while the
 * database is slow or gone.
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
    });
}

/** Why a limiter call was answered from memory instead of its store. */
export type FallbackReason =
  /** The store did not answer within the bound. */
  | 'slow'
  /** The store failed (disconnected, refused). */
  | 'failed'
  /** Not asked: the store did not answer the last call, and its next try is not due yet. */
  | 'down';

export interface StoreBound {
  /** Longest a call waits for the store; past it, the call is answered from memory. */
  timeoutMs: number;
  /**
   * While the store is down, calls go straight to memory, and one call at most this often (ms)
   * is offered to the store again, so a frozen store costs a request the bound once, not on
   * every counter it checks. Default 1000.
   */
  retryMs?: number;
  /** Each call answered from memory, and why. */
  onFallback?: (reason: FallbackReason) => void;
  /** The store stopped answering: once per outage, at its first call answered from memory. */
  onDown?: (reason: 'slow' | 'failed', error: unknown) => void;
  /** The store answered again: how long the outage lasted and how many calls memory answered. */
  onUp?: (outage: { ms: number; fallbacks: number }) => void;
}

/** The calls on a rate-limiter-flexible limiter that reach its store. */
const STORE_CALLS = new Set(['consume', 'penalty', 'reward', 'get', 'set', 'block', 'delete']);

/**
 * The same store with every call bounded: a call the store has not answered within
 * `timeoutMs`, or that fails, is answered by an in-memory limiter of the same points and
 * duration (one per limiter). A refusal (RateLimiterRes) is the store's answer, not a failure.
 * The late answer of a call given up is caught and dropped; the store may still count it when it
 * comes back, so during an outage counts can only err on the high side.
 *
 * The store is down from its first call answered from memory until a call it answers in time
 * (onDown, onUp: once per outage). Meanwhile calls go to memory without waiting, and one call at
 * a time is offered to the store every `retryMs`: the first it answers in time brings every
 * counter back to the store, without a restart.
 */
export function boundedStore(store: LimiterStore, bound: StoreBound): LimiterStore {
  const retryMs = bound.retryMs ?? 1_000;
  let down: { since: number; fallbacks: number } | undefined;
  let nextTryAt = 0;
  let trying = false;

  const fellBack = (reason: FallbackReason) => {
    if (down) down.fallbacks += 1;
    bound.onFallback?.(reason);
  };
  const failed = (reason: 'slow' | 'failed', error: unknown) => {
    nextTryAt = Date.now() + retryMs;
    if (down) return;
    down = { since: Date.now(), fallbacks: 0 };
    bound.onDown?.(reason, error);
  };
  const answered = () => {
    if (!down) return;
    const outage = { ms: Date.now() - down.since, fallbacks: down.fallbacks };
    down = undefined;
    bound.onUp?.(outage);
  };

  return (options) => {
    const limiter = store(options);
    const memory = memoryStore(options);
    type Call = (...args: unknown[]) => Promise<unknown>;
    const method = (target: RateLimiterAbstract, name: string) =>
      (target as unknown as Record<string, Call>)[name]!.bind(target);

    function call(name: string, args: unknown[]): Promise<unknown> {
      const inMemory = () => method(memory, name)(...args);
      if (down && (trying || Date.now() < nextTryAt)) {
        fellBack('down');
        return inMemory();
      }
      const probe = down !== undefined;
      if (probe) trying = true;
      return new Promise((resolve, reject) => {
        let settled = false;
        const settle = () => {
          settled = true;
          if (probe) trying = false;
        };
        const timer = setTimeout(() => {
          // Timers run before the event loop reads its sockets: an answer that arrived while the
          // process was busy is read in this same turn, before setImmediate's callbacks, so a
          // busy process is not taken for a slow store.
          setImmediate(() => {
            if (settled) return;
            settle();
            failed(
              'slow',
              new Error(`The limits store did not answer within ${bound.timeoutMs} ms`),
            );
            fellBack('slow');
            inMemory().then(resolve, reject);
          });
        }, bound.timeoutMs);
        // A synchronous throw becomes a rejection, and a late answer lands in a handler.
        new Promise((answer) => answer(method(limiter, name)(...args))).then(
          (value) => {
            if (settled) return;
            settle();
            clearTimeout(timer);
            answered();
            resolve(value);
          },
          (error: unknown) => {
            if (settled) return;
            settle();
            clearTimeout(timer);
            if (error instanceof RateLimiterRes) {
              answered();
              // The library refuses with a RateLimiterRes, which its callers test for.
              // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
              reject(error);
              return;
            }
            failed('failed', error);
            fellBack('failed');
            inMemory().then(resolve, reject);
          },
        );
      });
    }

    return new Proxy(limiter, {
      get(target, property, receiver) {
        if (typeof property === 'string' && STORE_CALLS.has(property)) {
          return (...args: unknown[]) => call(property, args);
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  };
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
