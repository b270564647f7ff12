// `npm run restore -- <folder>`: a backup written by `npm run backup` into an empty DATA_DIR,
// with the server stopped (db/backup.ts). PostgreSQL is restored with pg_restore instead.
import { resolve } from 'node:path';
import { loadConfigOrExit } from './config.js';
import { restoreBackup } from './db/backup.js';
import { lockDataDirOrExit } from './db/data-dir-lock.js';

const config = loadConfigOrExit();
const source = process.argv[2];
if (config.DATABASE_URL) {
  process.stderr.write(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore (see the README, Production).\n',
  );
  process.exit(1);
}
if (!source) {
  process.stderr.write('Name the backup folder: npm run restore -- <folder>\n');
  process.exit(1);
}
await lockDataDirOrExit(config.DATA_DIR, 'restore');
try {
  await restoreBackup(resolve(source), config.DATA_DIR);
} catch (error) {
  process.stderr.write(
    `The backup could not be restored: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
process.stdout.write(`Restored ${resolve(source)} into ${config.DATA_DIR}\n`);
