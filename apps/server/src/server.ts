import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfigOrExit } from './config.js';
import { startTelemetry } from './lib/telemetry.js';

/** Stops the start with one sentence on stderr, the operator's next step in it, and no stack. */
function stopStart(sentence: string): never {
  process.stderr.write(`${sentence}\n`);
  process.exit(1);
}
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const startedAt = performance.now();
const config = loadConfigOrExit();
// Tracing, when configured, starts before the database client, Fastify, pg, Redis and Socket.IO
// are first imported: its instrumentations hook their loading. Unconfigured, nothing of it loads.
const telemetry = await startTelemetry(config);
const { DatabaseOpenError, openPglite, optimiseEngineLater } = await import('./db/open-pglite.js');

// One writer per embedded data folder: a second server on the same DATA_DIR would lose writes.
// The embedded engine then starts opening before the rest of the server loads: reading and
// compiling its files goes on while the modules below are read.
let opening: Promise<PGlite> | undefined;
if (!config.DATABASE_URL) {
  const { lockDataDirOrExit } = await import('./db/data-dir-lock.js');
  await lockDataDirOrExit(config.DATA_DIR, 'server');
  optimiseEngineLater();
  opening = openPglite(config.DATA_DIR);
  // Its failure is reported below, once the database layer has loaded.
  opening.catch(() => undefined);
}
// The database layer and the rest of the server load side by side. Migrations and the demo
// seed run under the start-up lock, so instances starting together take turns and the later ones
// find the schema and the seed in place.
const appModule = import('./app.js');
const { createDatabase } = await import('./db/client.js');
const opened = opening
  ? opening.then((client) =>
      createDatabase({
        kind: 'pglite-instance',
        client,
        queueTimeoutMs: config.DATABASE_QUEUE_TIMEOUT_MS,
      }),
    )
  : createDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL ?? '',
      poolSize: config.DATABASE_POOL_MAX,
      timeouts: {
        connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      },
    });
const [{ database, releaseStartupLock }, { buildApp }] = await Promise.all([
  opened
    .then(async (handle) => {
      const release = await handle.lockStartup();
      try {
        await handle.migrate();
      } catch (error) {
        await release();
        throw error;
      }
      return { database: handle, releaseStartupLock: release };
    })
    .catch((error: unknown) =>
      stopStart(
        error instanceof DatabaseOpenError
          ? reasonOf(error)
          : `The database could not be opened or migrated: ${reasonOf(error)}`,
      ),
    ),
  appModule,
]);

const app = await buildApp(config, {
  database,
  closeDatabase: true,
  workersAfterListen: true,
}).catch(async (error: unknown) => {
  await releaseStartupLock().catch(() => undefined);
  await database.close().catch(() => undefined);
  return stopStart(`The server could not be set up: ${reasonOf(error)}`);
});
let seeded = '';
try {
  if (config.SEED_DEMO) {
    const { seedDemo, demoLoginNotice } = await import('./db/seed/seed.js');
    const result = await seedDemo(app.db, app.storage, app.log, {
      password: config.DEMO_PASSWORD,
    });
    if (result.seeded) seeded = demoLoginNotice(result, { terminal: process.stderr.isTTY });
  }
} catch (error) {
  await releaseStartupLock().catch(() => undefined);
  await app.close().catch(() => undefined);
  stopStart(
    `The demo data could not be added: ${reasonOf(error)} (SEED_DEMO=false starts without it).`,
  );
} finally {
  await releaseStartupLock();
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  // /readyz turns 503 first, so a load balancer stops sending new requests while the listener is
  // still open; then the listener closes, and in-flight requests and sockets get 10 s to finish.
  app.draining = true;
  app.log.info({ signal, delayMs: config.SHUTDOWN_DELAY_MS }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.warn('requests still open after the drain; exiting');
    process.exit(1);
  }, config.SHUTDOWN_DELAY_MS + 10_000);
  timer.unref();
  try {
    if (config.SHUTDOWN_DELAY_MS > 0) await sleep(config.SHUTDOWN_DELAY_MS);
    await app.close();
    // The spans of the last requests are still in the batch: send them before leaving.
    await telemetry?.shutdown().catch((error: unknown) => {
      app.log.warn({ err: error }, 'traces could not be sent while shutting down');
    });
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
// Every promise is meant to be handled where it is made; one that is not is a bug to log, not a
// reason to drop every connection of every user.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled promise rejection');
});
// Before the listener opens: a supervisor's SIGTERM right after /readyz first answers drains.
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT }).catch(async (error: unknown) => {
  await app.close().catch(() => undefined);
  stopStart(listenFailure(error, config.HOST, config.PORT));
});
app.log.info(
  { engine: database.engine, readyMs: Math.round(performance.now() - startedAt) },
  `Maya Market is ready at ${config.PUBLIC_URL}`,
);
// The embedded database is backed up by this process on SIGUSR2 (`npm run backup`, db/backup.ts).
if (database.dump) {
  const { serveBackupRequests } = await import('./db/backup.js');
  await serveBackupRequests(config.DATA_DIR, database.dump, app.log);
}
// The demo login goes to the console as plain text, not into the structured log.
if (seeded) process.stderr.write(seeded);

/** Why the listener could not open, as the operator would fix it. */
function listenFailure(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') {
    return `Port ${port} on ${host} is already in use by another process: stop it, or start this server with another PORT.`;
  }
  if (code === 'EACCES') {
    return `Listening on ${where} needs privileges this process does not have: set PORT above 1023.`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0.`;
  }
  return `The server could not listen on ${where}: ${reasonOf(error)}`;
}
