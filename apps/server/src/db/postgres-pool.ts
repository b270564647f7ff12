import type { Pool, PoolClient, PoolConfig } from 'pg';

export interface PostgresTimeouts {
  /** Longest wait for a new connection, or for a free one from a full pool. */
  connectMs: number;
  /**
   * Longest a statement may run (0: no limit): the server cancels it after this, and the client gives up
   * 500 ms later when the server cannot say so itself (a frozen or unreachable host).
   */
  statementMs: number;
}

export const defaultPostgresTimeouts: PostgresTimeouts = { connectMs: 1_500, statementMs: 3_000 };

type Logger = { warn(object: object, message: string): void };

type WaitListener = (seconds: number) => void;
const waitListeners = new WeakMap<Pool, Set<WaitListener>>();

/**
 * Hears how long each wait for a client of a pool made here took (opening a new connection
 * included): `pool.query` and `pool.connect` alike. Answers the function that stops listening.
 */
export function observePoolWait(pool: Pool, listener: WaitListener): () => void {
  const listeners = waitListeners.get(pool);
  listeners?.add(listener);
  return () => listeners?.delete(listener);
}

/** A pool's connections now, for /metrics. */
export interface PoolStats {
  /** Connections open, idle or checked out. */
  total: number;
  idle: number;
  /** Callers waiting for a client because every connection is checked out. */
  waiting: number;
  max: number;
}

export function poolStats(pool: Pool): PoolStats {
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}

/** What /metrics watches of a pool: each wait for a client, and its connections on a scrape. */
export interface PoolWatch {
  observeWait(listener: (seconds: number) => void): () => void;
  stats(): PoolStats;
}

export function watchPool(pool: Pool): PoolWatch {
  return {
    observeWait: (listener) => observePoolWait(pool, listener),
    stats: () => poolStats(pool),
  };
}

/**
 * How the server's connections name themselves to PostgreSQL (`application_name`, seen in
 * pg_stat_activity and the server's log): by process and pool. An `application_name` in the
 * connection string wins over these.
 */
export const applicationNames = {
  server: 'maya-server',
  limits: 'maya-server-limits',
  events: 'maya-server-events',
  migrate: 'maya-migrate',
  admin: 'maya-admin',
} as const;

/**
 * A node-postgres pool that never lets a dead or stalled database take the process down or hang a
 * request:
 * - every client has an `error` listener for its whole life, also while it is checked out (the
 *   pool's own listener covers only idle clients, and an unheard 'error' event exits the process);
 * - connecting, waiting for a free client and every statement are bounded by `timeouts`;
 * - a client whose statement timed out on our side is disconnected, so the pool drops it instead
 *   of handing out a connection that is still waiting for the old answer.
 * The pool connects afresh on demand, so it recovers by itself once the database is back.
 * Its connections are named `maya-server` unless `config.application_name` says otherwise.
 */
export async function createPostgresPool(
  config: PoolConfig & { connectionString: string },
  timeouts: PostgresTimeouts,
  log?: Logger,
): Promise<Pool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    application_name: applicationNames.server,
    ...config,
    connectionTimeoutMillis: timeouts.connectMs,
    // 0: no limit (migrations).
    statement_timeout: timeouts.statementMs,
    ...(timeouts.statementMs > 0 ? { query_timeout: timeouts.statementMs + 500 } : {}),
    keepAlive: true,
  });
  pool.on('error', (error) => log?.warn({ err: error }, 'idle database connection lost'));
  pool.on('connect', (client) => guardClient(client, log));
  timeWaits(pool);
  return pool;
}

/** `pool.query` takes its client through `pool.connect` too, so timing it covers both. */
function timeWaits(pool: Pool) {
  const listeners = new Set<WaitListener>();
  waitListeners.set(pool, listeners);
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const started = performance.now();
    const waited = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect((...results: unknown[]) => {
        waited();
        return (callback as (...values: unknown[]) => unknown)(...results);
      });
    }
    const result = connect();
    if (result instanceof Promise) result.then(waited, waited);
    return result;
  };
}

function guardClient(client: PoolClient, log?: Logger) {
  client.on('error', (error) => log?.warn({ err: error }, 'database connection lost'));
  const onFailure = (error: unknown) => {
    if (error instanceof Error && error.message === 'Query read timeout') disconnect(client);
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) onFailure(error);
        return (callback as (...values: unknown[]) => unknown)(error, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(onFailure);
    return result;
  };
}

function disconnect(client: PoolClient) {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection
    ?.stream;
  stream?.destroy();
}
