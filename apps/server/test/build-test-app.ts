import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Set when built with `listen`: the base URL of a real HTTP server on a random port. */
  url: string;
}

/**
 * An app on its own clean database and data folder, closed after the file's tests. Call it at
 * the top of a test file (or in beforeAll).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { listen?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp(config, { database, closeDatabase: true, logger: false });
  let url = '';
  if (options.listen) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  } else {
    await app.ready();
  }
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { app, database, config, url };
}
