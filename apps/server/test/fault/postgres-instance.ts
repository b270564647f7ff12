import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../server-process.js';

const run = promisify(execFile);

/** PostgreSQL refuses to run as root, so as root every server command runs as `postgres`. */
const asPostgres = process.getuid?.() === 0;

async function pgCommand(command: string, args: string[]): Promise<string> {
  const [file, argv] = asPostgres
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  const { stdout } = await run(file, argv, { timeout: 60_000 });
  return stdout;
}

async function pgBin(name: string): Promise<string> {
  // Debian keeps the server tools outside PATH; pg_config knows where.
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    return join(stdout.trim(), name);
  } catch {
    return name;
  }
}

export interface PostgresInstance {
  url: string;
  port: number;
  /** `pg_ctl stop` in the given mode. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP (true) or SIGCONT (false) to the postmaster and every backend. */
  freeze(frozen: boolean): Promise<void>;
  destroy(): Promise<void>;
}

/** A PostgreSQL server of the test's own: initdb in a temporary folder, on a free port. */
export async function startPostgres(): Promise<PostgresInstance> {
  const dir = await mkdtemp(join(tmpdir(), 'maya-fault-pg-'));
  const dataDir = join(dir, 'data');
  if (asPostgres) {
    await chown(dir, ...(await postgresIds()));
    await chmod(dir, 0o700);
  }
  const port = await freePort();
  const [initdb, pgCtl] = await Promise.all([pgBin('initdb'), pgBin('pg_ctl')]);
  await pgCommand(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c max_connections=100',
  ].join(' ');

  async function start() {
    await pgCommand(pgCtl, [
      '-D',
      dataDir,
      '-o',
      serverOptions,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
    ]);
  }
  async function pids(): Promise<number[]> {
    const postmaster = Number(
      (await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const { stdout } = await run('pgrep', ['-P', String(postmaster)]).catch(() => ({ stdout: '' }));
    return [postmaster, ...stdout.split('\n').filter(Boolean).map(Number)];
  }

  await start();
  const instance: PostgresInstance = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode) {
      await pgCommand(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    start,
    async freeze(frozen) {
      for (const pid of await pids()) {
        try {
          process.kill(pid, frozen ? 'SIGSTOP' : 'SIGCONT');
        } catch {
          // A backend that ended between the listing and the signal.
        }
      }
    },
    async destroy() {
      await instance.freeze(false).catch(() => undefined);
      await pgCommand(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  return instance;
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return [Number(stdout.trim()), Number(group.trim())];
}
