import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../test/test-database.js';
import { startServerProcess } from '../../test/server-process.js';
import { ConfigError, loadConfig, readEnv } from '../config.js';
import { createDatabase, selectRows } from './client.js';
import { createPostgresPool } from './postgres-pool.js';
import { sql } from 'drizzle-orm';

const TOKEN = 'a-metrics-token-of-32-characters';

describe('pool sizes from the environment', () => {
  it('default to 10, 5 and 5, and refuse a size below what the pool needs', () => {
    const config = loadConfig({});
    expect(config.DATABASE_POOL_MAX).toBe(10);
    expect(config.DATABASE_LIMITS_POOL_MAX).toBe(5);
    expect(config.DATABASE_EVENTS_POOL_MAX).toBe(5);
    expect(loadConfig({ DATABASE_POOL_MAX: '25' }).DATABASE_POOL_MAX).toBe(25);
    for (const env of [
      { DATABASE_POOL_MAX: '0' },
      { DATABASE_POOL_MAX: 'many' },
      { DATABASE_LIMITS_POOL_MAX: '2.5' },
      // One connection of the events pool listens all the time; publishing needs another.
      { DATABASE_EVENTS_POOL_MAX: '1' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });
});

describe.skipIf(!readEnv('DATABASE_URL'))('PostgreSQL connections', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  /** The application names of the connections to the test's database now, sorted, with counts. */
  async function applicationNames(): Promise<Record<string, number>> {
    const pool = await createPostgresPool(
      { connectionString: database.url, max: 1, application_name: 'maya-test-observer' },
      { connectMs: 5_000, statementMs: 5_000 },
    );
    try {
      const { rows } = await pool.query<{ name: string; count: number }>(
        `select application_name as name, count(*)::int as count from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
         group by application_name`,
      );
      return Object.fromEntries(rows.map(({ name, count }) => [name, count]));
    } finally {
      await pool.end();
    }
  }

  it('name themselves maya-server, or maya-migrate while migrating, and the URL may rename them', async () => {
    const handle = await createDatabase({ kind: 'postgres', url: database.url, poolSize: 3 });
    try {
      const [own] = await selectRows<{ name: string }>(
        handle.db,
        sql`select current_setting('application_name') as name`,
      );
      expect(own?.name).toBe('maya-server');
      expect(handle.pool?.stats().max).toBe(3);
    } finally {
      await handle.close();
    }

    const migrating = await createDatabase({
      kind: 'postgres',
      url: database.url,
      applicationName: 'maya-migrate',
    });
    try {
      const release = await migrating.lockStartup();
      try {
        expect(await applicationNames()).toMatchObject({ 'maya-migrate': 1 });
      } finally {
        await release();
      }
    } finally {
      await migrating.close();
    }

    const url = new URL(database.url);
    url.searchParams.set('application_name', 'maya-eu-1');
    const renamed = await createDatabase({ kind: 'postgres', url: url.toString() });
    try {
      const [own] = await selectRows<{ name: string }>(
        renamed.db,
        sql`select current_setting('application_name') as name`,
      );
      expect(own?.name).toBe('maya-eu-1');
    } finally {
      await renamed.close();
    }
  });

  it('of a running server: each pool named and sized as configured, and counted in /metrics', async () => {
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: '3',
      DATABASE_LIMITS_POOL_MAX: '2',
      DATABASE_EVENTS_POOL_MAX: '4',
      METRICS_TOKEN: TOKEN,
    });
    try {
      // A request that counts a limit (a sign-in refused) opens a connection of the limits pool.
      await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
      });
      const names = await applicationNames();
      expect(names['maya-server']).toBeGreaterThanOrEqual(1);
      expect(names['maya-server']).toBeLessThanOrEqual(3);
      expect(names['maya-server-events']).toBeGreaterThanOrEqual(1);
      expect(names['maya-server-limits']).toBeGreaterThanOrEqual(1);
      expect(Object.keys(names).filter((name) => !name.startsWith('maya-'))).toEqual([]);

      const metrics = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const text = await metrics.text();
      expect(text).toContain('maya_db_pool_max{pool="app"} 3');
      expect(text).toContain('maya_db_pool_max{pool="limits"} 2');
      expect(text).toContain('maya_db_pool_max{pool="realtime"} 4');
    } finally {
      await server.stop();
    }
  }, 60_000);
});
