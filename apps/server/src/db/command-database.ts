import type { Config } from '../config.js';
import { createDatabase, type DatabaseHandle } from './client.js';
import { applicationNames } from './postgres-pool.js';

/**
 * The database of a command-line tool (`npm run migrate`, `npm run admin`), migrated: on the
 * embedded database it first holds DATA_DIR's lock (db/data-dir-lock.ts), and refuses in one
 * sentence beside a server; then it brings the schema up to date under the same start-up lock
 * as the server (db/client.ts), so it is safe beside instances that are starting.
 */
export async function openCommandDatabase(
  config: Config,
  command: 'migrate' | 'admin',
): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL) {
    // The embedded database has one writer: a running server migrates it at its own start.
    const { lockDataDirOrExit } = await import('./data-dir-lock.js');
    await lockDataDirOrExit(config.DATA_DIR, command);
  }
  const database = await createDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, applicationName: applicationNames[command] }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    const release = await database.lockStartup();
    try {
      await database.migrate();
    } finally {
      await release();
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
