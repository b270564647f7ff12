// `npm run migrate`: brings the database's schema up to date and exits, under the same start-up
// lock as the server (db/client.ts), so it is safe beside instances that are starting. On the
// embedded database it holds DATA_DIR's lock (db/data-dir-lock.ts) and refuses beside a server.
import { loadConfigOrExit } from './config.js';
import { openCommandDatabase } from './db/command-database.js';

const config = loadConfigOrExit();
try {
  const database = await openCommandDatabase(config, 'migrate');
  await database.close();
  process.stdout.write(
    `The ${database.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database is migrated.\n`,
  );
} catch (error) {
  process.stderr.write(
    `The database could not be migrated: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
