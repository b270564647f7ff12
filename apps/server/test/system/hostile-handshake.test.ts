import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { readEnv } from '../../src/config.js';
import { newDataDir, startServerProcess } from '../server-process.js';
import { createPostgresTestDatabase } from '../test-database.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the real server process', () => {
  it('answers a handshake with an undecodable session cookie with connect_error, and lives on', async () => {
    const dataDir = await newDataDir('maya-handshake-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = readEnv('DATABASE_URL') ? await createPostgresTestDatabase() : undefined;
    if (database) cleanups.push(() => database.drop());
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    cleanups.push(() => server.stop('SIGKILL'));

    const socket = io(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: 'maya_session=%E0%A4%A' },
      reconnection: false,
      forceNew: true,
      timeout: 5_000,
    });
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
      server.child.once('exit', (code) => resolve(`the server exited with ${code}`));
    });
    socket.close();
    expect(outcome).toBe('unauthenticated');

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
