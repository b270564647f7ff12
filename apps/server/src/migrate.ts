// `npm run migrate`: brings the database's schema up to date and exits, under the same start-up
// lock as the server (db/client.ts), so it is safe beside instances that are starting. On the
// embedded database it holds DATA_DIR's lock (db/data-dir-lock.ts) and refuses beside a server.
import { loadConfigOrExit } from './config.js';
import { createDatabase } from './db/client.js';
import { applicationNames } from './db/postgres-pool.js';

const config = loadConfigOrExit();
if (!config.DATABASE_URL) {
  // The embedded database has one writer: a running server migrates it at its own start.
  const { lockDataDirOrExit } = await import('./db/data-dir-lock.js');
  await lockDataDirOrExit(config.DATA_DIR, 'migrate');
}
const database = await createDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL, applicationName: applicationNames.migrate }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
try {
  const release = await database.lockStartup();
  try {
    await database.migrate();
  } finally {
    await release();
  }
  process.stdout.write(
    `The ${database.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database is migrated.\n`,
  );
} catch (error) {
  process.stderr.write(
    `The database could not be migrated: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
