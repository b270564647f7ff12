import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
} from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  applicationNames,
  createPostgresPool,
  type PostgresTimeouts,
  watchPool,
} from '../db/postgres-pool.js';
import {
  boundedStore,
  countingRefusals,
  memoryStore,
  postgresStore,
  preparePostgresLimits,
  redisStore,
  type LimiterStore,
} from '../lib/limiter.js';
import { logRedisOutages } from '../lib/redis-outages.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every throttle, route rate limit and budget counts: shared by all processes when it can be. */
    limiterStore: LimiterStore;
    limitsEngine: 'redis' | 'postgres' | 'memory';
  }
}

export interface LimitsOptions {
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  databaseTimeouts: PostgresTimeouts;
  /** The most connections of the PostgreSQL pool limits are counted on (DATABASE_LIMITS_POOL_MAX). */
  databasePoolMax?: number;
  /**
   * Longest a limit waits for its store (Redis, PostgreSQL, or the test's); past it, it counts
   * in this process's memory (LIMITS_STORE_TIMEOUT_MS).
   */
  storeTimeoutMs: number;
  /** A store to use instead of the configured one (tests). */
  store?: LimiterStore;
}

/**
 * @fastify/rate-limit's store interface over a rate-limiter-flexible store, so route limits are
 * counted where the throttles are: one counter per route (or per `app.rateLimit(…)` handler, in
 * the order the app creates them, which every process running the same code shares).
 */
export function rateLimitStoreOf(
  store: LimiterStore,
): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  let handlers = 0;

  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly limiters = new Map<number, RateLimiterAbstract>();

    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'rate-limit',
    ) {}

    private limiterFor(timeWindow: number, max: number) {
      let limiter = this.limiters.get(timeWindow);
      if (!limiter) {
        limiter = store({
          keyPrefix: this.prefix,
          points: max,
          duration: Math.max(1, Math.ceil(timeWindow / 1000)),
        });
        this.limiters.set(timeWindow, limiter);
      }
      return limiter;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      // Counted without refusing; the plugin compares the count with the route's max.
      this.limiterFor(timeWindow, max)
        .penalty(key, 1)
        .then(
          (state) => callback(null, { current: state.consumedPoints, ttl: state.msBeforeNext }),
          (error: unknown) =>
            callback(error instanceof Error ? error : new Error(String(error)), undefined),
        );
    }

    // The plugin passes the route's merged limit options, with the route under `routeInfo`
    // (empty for an `app.rateLimit(…)` handler).
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { routeInfo } = routeOptions as unknown as {
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const url = routeInfo?.url;
      handlers += url ? 0 : 1;
      const name = url ? `${String(routeInfo.method)} ${url}` : `handler-${handlers}`;
      return new SharedRateLimitStore({}, `rate-limit:${name}`);
    }
  }
  return SharedRateLimitStore;
}

/**
 * Chooses where limits are counted: Redis when REDIS_URL is set, else PostgreSQL when
 * DATABASE_URL is set, else this process's memory (the embedded database: one process). Every
 * call on a shared store is bounded (boundedStore): one it does not answer within
 * `storeTimeoutMs`, or that fails, counts in memory instead, in
 * `maya_limiter_fallbacks_total`, and the outage is logged once as it starts and once as it ends.
 * Registers @fastify/rate-limit on it.
 */
export default fp<LimitsOptions>(
  async (app, options) => {
    let store: LimiterStore = memoryStore;
    let engine: 'redis' | 'postgres' | 'memory' = 'memory';
    if (options.store) {
      store = options.store;
    } else if (options.redisUrl) {
      const { createClient } = await import('redis');
      // Commands fail at once while disconnected. A frozen server is the bound's to catch:
      // node-redis's command timeout ends once a command is written to the socket, which a
      // frozen server's kernel accepts, and a MULTI's commands get none.
      const client = createClient({
        url: options.redisUrl,
        disableOfflineQueue: true,
        socket: {
          connectTimeout: 2_000,
          reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) + Math.random() * 100,
        },
      });
      logRedisOutages(client, app.log, 'limits');
      await client.connect();
      store = redisStore(client);
      engine = 'redis';
      // Counters need no goodbye, and a frozen server would never answer one.
      app.addHook('onClose', async () => client.destroy());
    } else if (options.databaseUrl) {
      // A counter is one short upsert. The bound gives up on it first; these timeouts end the
      // statement and free its connection soon after, so a stalled database cannot fill the
      // pool with counters the requests stopped waiting for.
      const pool = await createPostgresPool(
        {
          connectionString: options.databaseUrl,
          max: options.databasePoolMax ?? 5,
          application_name: applicationNames.limits,
        },
        {
          connectMs: Math.min(options.databaseTimeouts.connectMs, 500),
          statementMs: Math.min(options.databaseTimeouts.statementMs, 400),
        },
        app.log,
      );
      app.watchPool('limits', watchPool(pool));
      await preparePostgresLimits(pool);
      store = postgresStore(pool);
      engine = 'postgres';
      app.addHook('onClose', async () => {
        await pool.end().catch(() => undefined);
      });
    }
    if (store !== memoryStore) {
      const label = options.store ? 'custom' : engine;
      const timeoutMs = options.storeTimeoutMs;
      store = boundedStore(store, {
        timeoutMs,
        onFallback: (reason) => app.meters.limiterFallbacks.inc({ engine: label, reason }),
        onDown: (reason, error) =>
          app.log.warn(
            { err: error, engine: label, reason, timeoutMs },
            `The limits store (${label}) did not answer; limits count in this process's memory until it does`,
          ),
        onUp: ({ ms, fallbacks }) =>
          app.log.warn(
            { engine: label, outageMs: ms, fallbacks },
            `The limits store (${label}) answers again; limits count in it again`,
          ),
      });
    }
    // Refusals count in /metrics by limiter name: throttles and limiters by their own name,
    // route limits by route pattern (the not-found handler's as `unmatched`).
    store = countingRefusals(store, (name) => app.meters.rateLimited.inc({ limiter: name }));
    app.decorate('limiterStore', store);
    app.decorate('limitsEngine', engine);

    await app.register(rateLimit, {
      global: false,
      store: rateLimitStoreOf(store),
      onExceeded: (request) =>
        app.meters.rateLimited.inc({
          limiter: `route:${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
        }),
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(
            `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
          ),
          { statusCode: 429 },
        ),
    });
  },
  { name: 'limits', dependencies: ['metrics'] },
);
