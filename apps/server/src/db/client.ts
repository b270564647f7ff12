import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export const pgliteExtensions = { pg_trgm, cube, earthdistance };

export type DatabaseSource =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-instance'; client: PGlite };

export async function openPglite(dataDir: string): Promise<PGlite> {
  await mkdir(dataDir, { recursive: true });
  return PGlite.create(join(dataDir, 'pglite'), {
    extensions: pgliteExtensions,
    // PostgreSQL's default 128 MB of buffers lives inside the engine's own memory here, on top of
    // the operating system's file cache that reads go through anyway; 32 MB keeps the server's
    // footprint about 100 MB smaller.
    postgresqlconf: ['shared_buffers = 32MB'],
  });
}

export async function createDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') {
    // Loaded only for PostgreSQL, so the embedded default starts without the driver.
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] =
      await Promise.all([
        import('pg'),
        import('drizzle-orm/node-postgres'),
        import('drizzle-orm/node-postgres/migrator'),
      ]);
    const pool = new pg.Pool({ connectionString: source.url, max: source.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      engine: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }

  const client =
    source.kind === 'pglite-instance' ? source.client : await openPglite(source.dataDir);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Raw SQL for the few queries the builder cannot express; both drivers answer with { rows }. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
