import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import {
  applicationNames,
  createPostgresPool,
  defaultPostgresTimeouts,
  observePoolWait,
  type PoolWatch,
  type PostgresTimeouts,
  watchPool,
} from './postgres-pool.js';
import { currentRequest, isBackgroundWork } from './background-work.js';
import { installJobQueue, type SqlExecutor } from './job-queue.js';
import { openPglite } from './open-pglite.js';
import { createPgliteGate } from './pglite-gate.js';
import { appliedMigration, latestMigration, migrationsFolder } from './schema-version.js';
import * as schema from './schema/index.js';

// Opening the embedded database has a module of its own, which server.ts loads first.
export { DatabaseOpenError, openPglite, pgliteExtensions } from './open-pglite.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** The same connection(s) as `db`, for the job queue (pg-boss), which writes its own SQL. */
  sql: SqlExecutor;
  migrate(): Promise<void>;
  /**
   * Waits for, then holds, the start-up lock: on PostgreSQL a session-level advisory lock on a
   * connection of its own, so of several processes starting together one migrates and seeds at a
   * time and the others find the work done. On PGlite one process holds the data directory
   * anyway. Resolves to the function that lets it go.
   */
  lockStartup(): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: hears each wait for a client of the pool behind `db` (seconds); answers the
   * function that stops listening. PGlite is one in-process connection, with no pool to wait for.
   */
  observePoolWait?: (listener: (seconds: number) => void) => () => void;
  /** PostgreSQL only: the pool behind `db`, as /metrics watches it. */
  pool?: PoolWatch;
  /**
   * The embedded database only: hears each statement's wait for its turn on the one connection
   * (seconds; `request` when a request's, which is refused past the wait limit) and each refusal.
   * Answers the function that stops listening.
   */
  observeQueue?: (listener: QueueListener) => () => void;
  /** The embedded database only: statements waiting for their turn now. */
  queueWaiting?: () => number;
  /** The embedded database only: its data directory as a gzipped tarball (db/backup.ts). */
  dump?: () => Promise<Blob>;
}

export interface QueueListener {
  waited(seconds: number, request: boolean): void;
  refused(): void;
}

/** The advisory lock key that serialises migrations and the demo seed ('maya' in ASCII). */
export const STARTUP_LOCK_KEY = 0x6d617961;

export type DatabaseSource =
  | {
      kind: 'postgres';
      url: string;
      /** The most connections of the pool behind `db` (10 unless told). */
      poolSize?: number;
      /** How the pool's connections name themselves (`maya-server` unless told). */
      applicationName?: string;
      timeouts?: PostgresTimeouts;
      log?: { warn(object: object, message: string): void };
    }
  | { kind: 'pglite'; dataDir: string; queueTimeoutMs?: number }
  | { kind: 'pglite-instance'; client: PGlite; queueTimeoutMs?: number };

export async function createDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') {
    // Loaded only for PostgreSQL, so the embedded default starts without the driver.
    const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const timeouts = source.timeouts ?? defaultPostgresTimeouts;
    const pool = await createPostgresPool(
      {
        connectionString: source.url,
        max: source.poolSize ?? 10,
        application_name: source.applicationName ?? applicationNames.server,
      },
      timeouts,
      source.log,
    );
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      engine: 'postgres',
      sql: { executeSql: (text, values) => pool.query(text, values) },
      observePoolWait: (listener) => observePoolWait(pool, listener),
      pool: watchPool(pool),
      // Migrations may build indexes for longer than a request's statement may run, so they get
      // a connection of their own without the statement limit.
      async migrate() {
        const migrationPool = await createPostgresPool(
          { connectionString: source.url, max: 1, application_name: applicationNames.migrate },
          { connectMs: 10_000, statementMs: 0 },
          source.log,
        );
        try {
          await unlessAtLatest(
            (text) => migrationPool.query(text),
            () =>
              migrateNodePg(drizzleNodePg(migrationPool, { schema, casing: 'snake_case' }), {
                migrationsFolder,
              }),
          );
          await installJobQueue({
            executeSql: (text, values) => migrationPool.query(text, values),
          });
        } finally {
          await migrationPool.end();
        }
      },
      async lockStartup() {
        // Named as the pool that asks for it: the server waiting to migrate, or `npm run migrate`.
        const lockPool = await createPostgresPool(
          {
            connectionString: source.url,
            max: 1,
            application_name: source.applicationName ?? applicationNames.server,
          },
          { connectMs: 10_000, statementMs: 0 },
          source.log,
        );
        try {
          const client = await lockPool.connect();
          try {
            await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          } catch (error) {
            client.release(error instanceof Error ? error : true);
            throw error;
          }
          return once(async () => {
            try {
              await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
            } finally {
              // Ending the session lets the lock go even if the unlock failed.
              client.release(true);
              await lockPool.end();
            }
          });
        } catch (error) {
          await lockPool.end();
          throw error;
        }
      },
      ping: () => ping(db, timeouts.connectMs),
      close: once(() => pool.end()),
    };
  }

  const client =
    source.kind === 'pglite-instance' ? source.client : await openPglite(source.dataDir);
  // Every statement takes its turn through the gate; a request's waits at most queueTimeoutMs
  // (without one, as long as it takes), the job queue's as long as it takes.
  const queueListeners = new Set<QueueListener>();
  const gate = createPgliteGate(client, {
    waitLimitMs: source.queueTimeoutMs ?? Number.POSITIVE_INFINITY,
    onTurn: (waitedMs, limited) => {
      for (const listener of queueListeners) listener.waited(waitedMs / 1000, limited);
    },
    onRefused: () => {
      for (const listener of queueListeners) listener.refused();
    },
    isBackground: isBackgroundWork,
    request: currentRequest,
  });
  const db = drizzlePglite(gate.client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    sql: pgliteExecutor(client, (task) => gate.run(task, false)),
    async migrate() {
      const executor = pgliteExecutor(client, (task) => gate.run(task, false));
      await unlessAtLatest(
        (text) => executor.executeSql(text),
        () => migratePglite(db, { migrationsFolder }),
      );
      await installJobQueue(executor);
    },
    lockStartup: () => Promise.resolve(async () => {}),
    observeQueue(listener) {
      queueListeners.add(listener);
      return () => queueListeners.delete(listener);
    },
    queueWaiting: () => gate.waiting,
    ping: () => ping(db, 1_500),
    close: once(() => client.close()),
    dump: () => client.dumpDataDir('gzip'),
  };
}

/**
 * PGlite runs one statement per call with values (the extended protocol), and several without
 * (pg-boss sends its transactions as one text); either way the last result's rows are the answer.
 */
function pgliteExecutor(
  client: PGlite,
  inTurn: <T>(task: () => Promise<T>) => Promise<T>,
): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return inTurn(() => client.query(text, values));
      const results = await inTurn(() => client.exec(text));
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * Runs Drizzle's migrator unless the database is already at the newest migration this version
 * ships, as on every restart: the migrator would read and hash every migration file to apply none.
 * (It applies those newer than the last one applied, so at the newest it does nothing anyway.)
 */
async function unlessAtLatest(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  migrate: () => Promise<void>,
): Promise<void> {
  const [applied, latest] = await Promise.all([appliedMigration(query), latestMigration()]);
  if (applied?.when !== latest.when) await migrate();
}

/** Closing twice (the app's shutdown after a failure that closed it) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** Whether the database answers a trivial query within `withinMs`. */
async function ping(db: Database, withinMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Raw SQL for the few queries the builder cannot express; both drivers answer with { rows }. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
