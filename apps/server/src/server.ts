import { performance } from 'node:perf_hooks';
import { loadConfig } from './config.js';
import { createDatabase } from './db/client.js';

const startedAt = performance.now();
const config = loadConfig();

// The database opens first, and the rest of the server loads while the embedded engine starts.
const [database, { buildApp }] = await Promise.all([
  createDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  ).then(async (handle) => {
    await handle.migrate();
    return handle;
  }),
  import('./app.js'),
]);

const app = await buildApp(config, { database, closeDatabase: true });
if (config.SEED_DEMO) {
  const { seedDemo } = await import('./db/seed/seed.js');
  await seedDemo(app.db, app.storage, app.log);
}

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  { engine: database.engine, readyMs: Math.round(performance.now() - startedAt) },
  `Maya Market is ready at ${config.PUBLIC_URL}`,
);

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
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
