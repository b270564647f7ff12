import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { commandEnv, entryArgs, newDataDir } from '../server-process.js';

/** Starts the server entry and waits for it to exit, keeping what it wrote to stderr. */
async function startThatFails(env: Record<string, string>) {
  const child = spawn(process.execPath, entryArgs('server'), {
    env: commandEnv({ SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}

// A start that cannot open its listener is the operator's to fix: it says how in one sentence.
describe.skipIf(readEnv('DATABASE_URL'))('a server that cannot listen', () => {
  const folders: string[] = [];
  let taken: Server | undefined;
  afterAll(async () => {
    await new Promise((resolve) => (taken ? taken.close(resolve) : resolve(undefined)));
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('stops with one sentence naming the port in use, and no stack', async () => {
    taken = createServer();
    const port = await new Promise<number>((resolve) =>
      taken!.listen(0, '127.0.0.1', () => {
        const address = taken!.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    const dataDir = await newDataDir('maya-port-taken-');
    folders.push(dataDir);

    const { code, stderr } = await startThatFails({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
    });

    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Port ${port} on 127.0.0.1 is already in use by another process: stop it, or start this server with another PORT.`,
    ]);
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('stops with one sentence when the host is no address of this machine', async () => {
    const dataDir = await newDataDir('maya-bad-host-');
    folders.push(dataDir);

    const { code, stderr } = await startThatFails({
      DATA_DIR: dataDir,
      HOST: '192.0.2.1',
      PORT: '0',
    });

    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'HOST 192.0.2.1 is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0.',
    ]);
  }, 60_000);
});
