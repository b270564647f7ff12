import { performance } from 'node:perf_hooks';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/client.js';
import { seedDemo } from './db/seed/seed.js';

const startedAt = performance.now();
const config = loadConfig();

const database = await createDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
await database.migrate();

const app = await buildApp(config, { database, closeDatabase: true });
if (config.SEED_DEMO) await seedDemo(app.db, config.DATA_DIR, app.log);

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
