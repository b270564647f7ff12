// One writer per embedded data folder. PGlite keeps no lock of its own: a second process opening
// the same DATA_DIR serves requests from its own copy of the pages, and writes acknowledged there
// are lost. So the server, `npm run migrate`, `backup` (when it opens the folder itself) and
// `restore` and `admin` each hold DATA_DIR/maya.lock while they run, the way PostgreSQL holds postmaster.pid:
// created exclusively, naming the holder's process id and command, removed at exit. A lock whose
// process is gone (a crash, kill -9, a container restarted with the same folder) is stale and is
// taken over; the takeover itself is serialised by a directory that only one process can create,
// so two starters finding the same stale lock cannot both win.
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, open, readFile, rmdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_FILE = 'maya.lock';
const TAKEOVER_DIR = 'maya.lock.takeover';
/** A takeover left behind by a process that died in the middle of one is ignored after this. */
const TAKEOVER_STALE_MS = 10_000;

export type DataDirCommand = 'server' | 'migrate' | 'backup' | 'restore' | 'admin';

const commandNames: Record<DataDirCommand, string> = {
  server: 'a server',
  migrate: 'npm run migrate',
  backup: 'npm run backup',
  restore: 'npm run restore',
  admin: 'npm run admin',
};

interface Holder {
  pid: number;
  command: DataDirCommand;
}

/** Another live process holds the folder; the message names it and says what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `${dataDir} is in use by ${commandNames[holder.command] ?? 'another process'} ` +
        `(process ${holder.pid}); stop it first, or give this one another DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(value.pid) && (value.pid ?? 0) > 0) return value as Holder;
  } catch {
    // A lock cut short by a crash between its creation and its write: nobody holds it.
  }
  return undefined;
}

/**
 * Whether the holder still runs. Its own process id is never a live holder (a container restarted
 * on the same volume often gets the same pid), and where /proc tells, a pid now given to a
 * program that is not Node.js is not one either.
 */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node/.test(commandLine);
  } catch {
    return true;
  }
}

/** Removes a stale lock, unless another process is doing the same right now (then waits). */
async function takeOver(dataDir: string, stale: string): Promise<void> {
  const mutex = join(dataDir, TAKEOVER_DIR);
  try {
    await mkdir(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = await stat(mutex).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (since > TAKEOVER_STALE_MS) await rmdir(mutex).catch(() => {});
    await sleep(50);
    return;
  }
  try {
    // Read again inside the mutex: only a lock still naming the same dead process goes.
    const path = join(dataDir, LOCK_FILE);
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === stale) await unlink(path).catch(() => {});
  } finally {
    await rmdir(mutex).catch(() => {});
  }
}

/**
 * Takes DATA_DIR for this process, or throws DataDirInUseError naming the live holder. The lock
 * is released when the process exits (or by the returned function).
 */
export async function lockDataDir(dataDir: string, command: DataDirCommand): Promise<() => void> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const content = JSON.stringify({ pid: process.pid, command, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const handle = await open(path, 'wx', 0o600);
      try {
        await handle.writeFile(content);
      } finally {
        await handle.close();
      }
      const release = () => {
        try {
          if (readFileSync(path, 'utf8') === content) rmSync(path, { force: true });
        } catch {
          // Already gone.
        }
        process.off('exit', release);
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const holder = parseHolder(text);
    if (holder && isAlive(holder.pid)) throw new DataDirInUseError(dataDir, holder);
    if (!holder) {
      // Possibly a holder between creating and writing its lock: give it a moment.
      await sleep(20);
      if ((await readFile(path, 'utf8').catch(() => undefined)) !== text) continue;
    }
    await takeOver(dataDir, text);
  }
  throw new Error(`${dataDir}: could not take ${LOCK_FILE}`);
}

/** lockDataDir for a command's entry: a folder in use ends the process with its sentence. */
export async function lockDataDirOrExit(dataDir: string, command: DataDirCommand): Promise<void> {
  try {
    await lockDataDir(dataDir, command);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
