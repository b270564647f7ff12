import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, onTestFinished } from 'vitest';
import { getCurrentTest } from 'vitest/suite';
import { buildApp, type AppOverrides } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { loggedMailer, rememberMailLog } from './mail-log.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Set when built with `listen`: the base URL of a real HTTP server on a random port. */
  url: string;
}

/**
 * An app on its own clean database and data folder, closed (and its database dropped) after the
 * file's or describe block's tests. Call it at the top of a test file or of a describe block;
 * called inside a test, it is closed when that test finishes.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    listen?: boolean;
    /** What the app uses instead of its own parts: a mailer, a log stream, a sign-in wait… */
    overrides?: Omit<AppOverrides, 'database' | 'closeDatabase'>;
    /** The embedded database's wait limit for a request's statement (unlimited by default). */
    queueTimeoutMs?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...env,
  });
  const database = await createTestDatabase({ queueTimeoutMs: options.queueTimeoutMs });
  let app: FastifyInstance | undefined;
  const close = async () => {
    try {
      // The app closes the database it was given, which drops its PostgreSQL copy.
      await (app ? app.close() : database.close());
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  let url = '';
  // The mails it sends are noted, so tests can follow a mailed link (`mailsOf(app)`).
  const mail = loggedMailer(config, options.overrides?.mailer);
  try {
    app = await buildApp(config, {
      // Silent unless a test reads the log.
      logger: options.overrides?.logStream ? undefined : false,
      ...options.overrides,
      mailer: mail.mailer,
      database,
      closeDatabase: true,
    });
    rememberMailLog(app, mail.log);
    if (options.listen) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    } else {
      await app.ready();
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  // An afterAll registered while a test runs is never called: inside a test, close when it ends.
  if (getCurrentTest()) onTestFinished(close);
  else afterAll(close);
  return { app, database, config, url };
}

/**
 * An app on a database given to it (another process's, as several instances sharing one
 * PostgreSQL are), with a data folder of its own; `close` leaves the database open for its owner.
 */
export async function buildAppOn(database: DatabaseHandle, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'maya-instance-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...env,
  });
  const built = await buildApp(config, { database, logger: false });
  await built.ready();
  return {
    app: built,
    close: async () => {
      await built.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
