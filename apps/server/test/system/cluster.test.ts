import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import type { ServerToClientEvents } from '@maya/contracts';
import { readEnv } from '../../src/config.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { signUpOverHttp } from '../sessions.js';
import { createPostgresTestDatabase } from '../test-database.js';

async function post(url: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, any>;
}

// Several processes share events only through a shared database; the embedded one is per process.
describe.runIf(readEnv('DATABASE_URL'))('two server processes on one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('delivers a message sent through one process to a socket on the other', async () => {
    const database = await createPostgresTestDatabase();
    cleanups.push(() => database.drop());
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-cluster-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const first: ServerProcess = await startServerProcess(env);
    cleanups.push(() => first.stop());
    const second: ServerProcess = await startServerProcess(env);
    cleanups.push(() => second.stop());

    const seller = await signUpOverHttp(first.url, {
      role: 'seller',
      email: 'cluster-seller@example.test',
      password: 'two processes one db',
      firstName: 'Cluster',
      lastName: 'Seller',
      category: 'beauty',
    });
    const buyer = await signUpOverHttp(second.url, {
      role: 'buyer',
      email: 'cluster-buyer@example.test',
      password: 'two processes one db',
      firstName: 'Cluster',
      lastName: 'Buyer',
    });

    const socket = io(second.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: seller.token },
      reconnection: false,
    });
    cleanups.push(async () => void socket.close());
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const arrived = new Promise<Parameters<ServerToClientEvents['message:new']>[0]>((resolve) =>
      socket.once('message:new', resolve),
    );

    const chat = await post(first.url, '/api/v1/chats', { partnerId: seller.user.id }, buyer.token);
    const sent = await post(
      first.url,
      `/api/v1/chats/${chat.chat.id}/messages`,
      { body: 'Across processes', clientId: 'cluster-message-1' },
      buyer.token,
    );
    const event = await Promise.race([
      arrived,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no event within 5 s')), 5000),
      ),
    ]);
    expect(event).toEqual({ chatId: chat.chat.id, message: sent.message });

    // Each process caches sessions; a sign-out through one must hold at once on the other, not
    // when its cache entry runs out (10 s).
    const session = (url: string) =>
      fetch(`${url}/api/v1/me`, {
        headers: { authorization: `Bearer ${buyer.token}` },
      }).then((response) => response.status);
    expect(await session(second.url)).toBe(200);
    const loggedOut = await fetch(`${first.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(loggedOut.status).toBe(204);
    const startedAt = Date.now();
    await expect.poll(() => session(second.url), { interval: 50, timeout: 9_000 }).toBe(401);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  }, 60_000);
});
