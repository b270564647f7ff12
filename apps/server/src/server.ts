import { performance } from 'node:perf_hooks';
import { loadConfig } from './config.js';
import { createDatabase, DatabaseOpenError } from './db/client.js';

const startedAt = performance.now();
const config = loadConfig();

// The database opens first, and the rest of the server loads while the embedded engine starts.
const [database, { buildApp }] = await Promise.all([
  createDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          timeouts: {
            connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
            statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          },
        }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  )
    .then(async (handle) => {
      await handle.migrate();
      return handle;
    })
    .catch((error: unknown) => {
      // A clear sentence instead of a stack trace: the operator's next step is in it.
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(
        error instanceof DatabaseOpenError
          ? `${reason}\n`
          : `The database could not be opened or migrated: ${reason}\n`,
      );
      process.exit(1);
    }),
  import('./app.js'),
]);

const app = await buildApp(config, { database, closeDatabase: true });
const seeded = config.SEED_DEMO
  ? await import('./db/seed/seed.js').then(async ({ seedDemo, demoLoginNotice }) => {
      const result = await seedDemo(app.db, app.storage, app.log, {
        password: config.DEMO_PASSWORD,
      });
      return result.seeded ? demoLoginNotice(result, { terminal: process.stderr.isTTY }) : '';
    })
  : '';

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  { engine: database.engine, readyMs: Math.round(performance.now() - startedAt) },
  `Maya Market is ready at ${config.PUBLIC_URL}`,
);
// The demo login goes to the console as plain text, not into the structured log.
if (seeded) process.stderr.write(seeded);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // In-flight requests get 10 s to finish; after that the process exits regardless.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
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
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
