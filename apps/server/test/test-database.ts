import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { readEnv } from '../src/config.js';
import { createDatabase, type DatabaseHandle } from '../src/db/client.js';
import { adminQuery, withDatabase } from './global-setup.js';
import { lendPglite } from './pglite-spares.js';

/** A fresh copy of the migrated template on PostgreSQL, for tests that start server processes. */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const url = readEnv('DATABASE_URL');
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('needs DATABASE_URL');
  const name = `maya_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    url: withDatabase(url, name),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A clean, migrated database of its own for one test file; `close` drops it. On the embedded
 * database, `queueTimeoutMs` limits a request's wait for its turn (unlimited by default).
 */
export async function createTestDatabase(
  options: { queueTimeoutMs?: number } = {},
): Promise<DatabaseHandle> {
  const url = readEnv('DATABASE_URL');
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `maya_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const handle = await createDatabase({
      kind: 'postgres',
      url: withDatabase(url, name),
      poolSize: 5,
    });
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      },
    };
  }

  const { client, giveBack } = await lendPglite(inject('pgliteDump'));
  const handle = await createDatabase({
    kind: 'pglite-instance',
    client,
    queueTimeoutMs: options.queueTimeoutMs,
  });
  let closed: Promise<void> | undefined;
  return { ...handle, close: () => (closed ??= giveBack()) };
}
