import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** A process id that no process has: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/**
 * A Node.js process that tries to take the folder and says `won` or `refused`; a winner holds the
 * folder until `release` (its stdin closed), so a contender that starts late on a busy machine
 * still meets the winner's lock instead of a folder already let go.
 */
function contender(dataDir: string): { said: Promise<string>; release(): Promise<void> } {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    try {
      await lockDataDir(${JSON.stringify(dataDir)}, 'server');
      process.stdout.write('won');
      await new Promise((resolve) => process.stdin.on('end', resolve).resume());
    } catch (error) {
      process.stdout.write(error.name === 'DataDirInUseError' ? 'refused' : 'error ' + error.message);
    }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const said = new Promise<string>((resolve) => {
    child.stdout.once('data', () => resolve(output));
    void exited.then(() => resolve(output));
  });
  return {
    said,
    release: () => {
      child.stdin.end();
      return exited;
    },
  };
}

describe('the data folder lock', () => {
  const dirs: string[] = [];
  const releases: (() => void)[] = [];
  afterEach(async () => {
    for (const release of releases.splice(0)) release();
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  async function dataDir() {
    const dir = await mkdtemp(join(tmpdir(), 'maya-lock-'));
    dirs.push(dir);
    return dir;
  }

  it('writes the holder into a file only its owner can read, and removes it on release', async () => {
    const dir = await dataDir();
    const release = await lockDataDir(dir, 'migrate');
    const path = join(dir, LOCK_FILE);
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'migrate',
    });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    release();
    await expect(stat(path)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a second holder while the first process lives, naming it', async () => {
    const dir = await dataDir();
    const first = contender(dir);
    // The child holds the lock once it has said `won`, until it is released.
    for (let tries = 0; tries < 200; tries += 1) {
      const text = await readFile(join(dir, LOCK_FILE), 'utf8').catch(() => '');
      if (text) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const error = await lockDataDir(dir, 'server').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toMatch(
      new RegExp(`^${dir} is in use by a server \\(process \\d+\\); stop it first`),
    );
    expect(await first.said).toBe('won');
    await first.release();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = await dataDir();
    await writeFile(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: await deadPid(), command: 'server' }),
    );
    releases.push(await lockDataDir(dir, 'server'));
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
  });

  it('takes over a lock naming its own process id (a container restarted on the same folder)', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, command: 'server' }));
    releases.push(await lockDataDir(dir, 'server'));
  });

  it('takes over an empty lock cut short by a crash', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, LOCK_FILE), '');
    releases.push(await lockDataDir(dir, 'restore'));
  });

  it('gives a stale lock to exactly one of six processes racing for it', async () => {
    const dir = await dataDir();
    await writeFile(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: await deadPid(), command: 'server' }),
    );
    const racers = Array.from({ length: 6 }, () => contender(dir));
    const outcomes = await Promise.all(racers.map((racer) => racer.said));
    await Promise.all(racers.map((racer) => racer.release()));
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(5);
  }, 30_000);
});
