// Backups of the embedded database's DATA_DIR. PGlite's files belong to the one process that
// opened them, so a copy while the server runs is made by that server: `npm run backup` finds it
// through DATA_DIR/server.pid and asks with SIGUSR2 (the target folder in DATA_DIR/backup-request);
// with no server running, the command opens the data directory itself. Either way the database is
// dumped by PGlite (`dumpDataDir`, between two statements: a crash-consistent copy that recovers
// like a restart after a power cut) and the rest of DATA_DIR (uploads, outbox) is copied beside it.
// The dump comes first: an image's files are written before its row, so every image the dump
// names is whole in the copy (one deleted between the two steps may be missing from it).
import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './client.js';
import { LOCK_FILE } from './data-dir-lock.js';
import { latestMigration, type SchemaVersion } from './schema-version.js';

/** The database's own folder in DATA_DIR, and the files a backup never copies. */
const DATABASE_FOLDER = 'pglite';
export const PID_FILE = 'server.pid';
export const REQUEST_FILE = 'backup-request';
const NOT_COPIED = new Set([DATABASE_FOLDER, PID_FILE, REQUEST_FILE, LOCK_FILE, 'backups']);

/** A backup folder: the database dump, written first, and the manifest, written last. */
export const DUMP_FILE = 'database.tar.gz';
export const MANIFEST_FILE = 'backup.json';

export function defaultBackupTarget(dataDir: string, now = new Date()): string {
  return join(dataDir, 'backups', `maya-${now.toISOString().replaceAll(/[:.]/g, '-')}`);
}

/**
 * Writes a backup of `dataDir` into `target` (which must not exist) from the open database: into
 * `target.partial` first, renamed when complete, so a folder named `target` is always whole.
 */
export async function writeBackup(
  dump: () => Promise<Blob>,
  dataDir: string,
  target: string,
  schema: SchemaVersion | undefined,
): Promise<void> {
  if (await exists(target)) throw new Error(`${target} already exists`);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  // It holds every email and password hash: readable by the server's own user only.
  await mkdir(join(partial, '..'), { recursive: true });
  await mkdir(partial, { mode: 0o700 });
  try {
    const blob = await dump();
    await writeFile(join(partial, DUMP_FILE), Buffer.from(await blob.arrayBuffer()), {
      mode: 0o600,
    });
    const files: string[] = [];
    for (const entry of await readdir(dataDir)) {
      if (NOT_COPIED.has(entry)) continue;
      await cp(join(dataDir, entry), join(partial, entry), { recursive: true });
      await ownerOnly(join(partial, entry));
      files.push(entry);
    }
    const manifest = { engine: 'pglite', createdAt: new Date().toISOString(), schema, files };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** A backup taken by `writeBackup` into `dataDir`, which must hold no database yet. */
export async function restoreBackup(source: string, dataDir: string): Promise<void> {
  const manifest = JSON.parse(await readFile(join(source, MANIFEST_FILE), 'utf8')) as {
    files?: string[];
    schema?: SchemaVersion;
  };
  const latest = await latestMigration();
  if (manifest.schema && manifest.schema.when > latest.when) {
    throw new Error(
      `its schema (${manifest.schema.tag}) is newer than this version of Maya Market knows ` +
        `(${latest.tag}); restore it with the version that wrote it, or a newer one`,
    );
  }
  const folder = join(dataDir, DATABASE_FOLDER);
  if (await exists(folder)) {
    if ((await readdir(folder)).length > 0)
      throw new Error(`${dataDir} already holds a database; restore into an empty DATA_DIR`);
  }
  await mkdir(dataDir, { recursive: true });
  const dump = await readFile(join(source, DUMP_FILE));
  const client = await PGlite.create(folder, {
    extensions: pgliteExtensions,
    loadDataDir: new Blob([dump]),
  });
  await client.query('select 1');
  await client.close();
  for (const entry of manifest.files ?? []) {
    await cp(join(source, entry), join(dataDir, entry), { recursive: true });
  }
}

/** The process id in DATA_DIR/server.pid if that process is alive, else undefined. */
export async function runningServer(dataDir: string): Promise<number | undefined> {
  const text = await readFile(join(dataDir, PID_FILE), 'utf8').catch(() => '');
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  // A file left by a crash may name a process id given to another program since: where /proc
  // tells, the process must be running a server entry, so no stranger gets a SIGUSR2.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (commandLine !== undefined && !/server\.(mjs|ts|js)/.test(commandLine)) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but someone else's; ESRCH: gone (a stale file after a crash).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/**
 * The running server's side: DATA_DIR/server.pid names this process (removed at exit), and each
 * SIGUSR2 writes a backup into the folder named in DATA_DIR/backup-request (or a new one under
 * DATA_DIR/backups), or `<target>.failed` with the reason.
 */
export async function serveBackupRequests(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  },
): Promise<void> {
  const pidFile = join(dataDir, PID_FILE);
  await writeFile(pidFile, `${process.pid}\n`);
  process.once('exit', () => rmSync(pidFile, { force: true }));
  let queue = Promise.resolve();
  process.on('SIGUSR2', () => {
    queue = queue.then(async () => {
      const requestFile = join(dataDir, REQUEST_FILE);
      const requested = (await readFile(requestFile, 'utf8').catch(() => '')).trim();
      await rm(requestFile, { force: true });
      const target = requested || defaultBackupTarget(dataDir);
      try {
        // The server migrated its database at start: it is at the newest migration it ships.
        await writeBackup(dump, dataDir, target, await latestMigration());
        log.info({ target }, 'backup written');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.error({ target, err: error }, 'backup failed');
        await writeFile(`${target}.failed`, `${reason}\n`).catch(() => {});
      }
    });
  });
}

/** A copied file or folder, and everything in it, made readable by the owner only. */
async function ownerOnly(path: string): Promise<void> {
  const info = await stat(path);
  if (!info.isDirectory()) {
    await chmod(path, 0o600);
    return;
  }
  await chmod(path, 0o700);
  for (const entry of await readdir(path)) await ownerOnly(join(path, entry));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
