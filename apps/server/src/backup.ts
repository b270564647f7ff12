// `npm run backup [-- <folder>]`: a backup of the embedded database's DATA_DIR (db/backup.ts).
// While the server runs, the server writes it (asked with SIGUSR2); when it is stopped, this
// process opens the data directory itself. PostgreSQL is backed up with pg_dump instead.
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfigOrExit } from './config.js';
import {
  defaultBackupTarget,
  MANIFEST_FILE,
  REQUEST_FILE,
  runningServer,
  writeBackup,
} from './db/backup.js';
import { openPglite } from './db/client.js';
import { lockDataDirOrExit } from './db/data-dir-lock.js';
import { appliedMigration } from './db/schema-version.js';

const config = loadConfigOrExit();
if (config.DATABASE_URL) {
  process.stderr.write(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README, Production).\n',
  );
  process.exit(1);
}
const target = resolve(process.argv[2] ?? defaultBackupTarget(config.DATA_DIR));
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
if (await exists(target)) {
  process.stderr.write(`${target} already exists; name a new folder.\n`);
  process.exit(1);
}

const pid = await runningServer(config.DATA_DIR);
if (pid) {
  await writeFile(join(config.DATA_DIR, REQUEST_FILE), `${target}\n`);
  process.kill(pid, 'SIGUSR2');
  const failed = `${target}.failed`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (await exists(join(target, MANIFEST_FILE))) break;
    if (await exists(failed)) {
      process.stderr.write(
        `The server could not write the backup: ${await readFile(failed, 'utf8')}`,
      );
      await rm(failed, { force: true });
      process.exit(1);
    }
    if (Date.now() > deadline) {
      process.stderr.write(`The server (process ${pid}) wrote no backup within 10 minutes.\n`);
      process.exit(1);
    }
    await sleep(100);
  }
  process.stdout.write(`The running server (process ${pid}) backed DATA_DIR up into ${target}\n`);
} else {
  await lockDataDirOrExit(config.DATA_DIR, 'backup');
  const client = await openPglite(config.DATA_DIR);
  try {
    const schema = await appliedMigration((text) => client.query(text));
    await writeBackup(() => client.dumpDataDir('gzip'), config.DATA_DIR, target, schema);
  } finally {
    await client.close();
  }
  process.stdout.write(`Backed DATA_DIR up into ${target}\n`);
}
