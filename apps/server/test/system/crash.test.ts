import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { freePort, startServerProcess, type ServerProcess } from '../server-process.js';
import { signUpOverHttp } from '../sessions.js';
import { createPostgresTestDatabase } from '../test-database.js';

const CLIENTS = 3;
const MESSAGES_PER_CLIENT = 40;

interface Client {
  token: string;
  chatId: string;
  acked: Map<string, string>;
}

async function call(
  url: string,
  path: string,
  init: { token?: string; body?: unknown; method?: string },
) {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('a server killed in the middle of a send storm', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    for (const dir of dataDirs) if (dir) await rm(dir, { recursive: true, force: true });
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps every acknowledged message exactly once, in order per chat', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-crash-'));
    dataDirs.push(dataDir);
    // PostgreSQL when the suite runs on it, else the embedded database in the data folder.
    const database = readEnv('DATABASE_URL') ? await createPostgresTestDatabase() : undefined;
    if (database) cleanups.push(() => database.drop());
    const env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    let server = await startServerProcess(env);
    servers.push(server);
    const url = server.url;

    const stamp = Date.now();
    const seller = await signUpOverHttp(url, {
      role: 'seller',
      email: `crash-seller-${stamp}@example.test`,
      password: 'storm proof passphrase',
      firstName: 'Storm',
      lastName: 'Seller',
      category: 'construction',
    });
    const clients: Client[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const buyer = await signUpOverHttp(url, {
        role: 'buyer',
        email: `crash-buyer-${index}-${stamp}@example.test`,
        password: 'storm proof passphrase',
        firstName: 'Storm',
        lastName: `Buyer ${index}`,
      });
      const chat = await call(url, '/api/v1/chats', {
        token: buyer.token,
        body: { partnerId: seller.user.id },
      });
      clients.push({ token: buyer.token, chatId: chat.body.chat.id, acked: new Map() });
    }

    // Each client sends in sequence and retries the same clientId with backoff until acknowledged.
    async function storm(client: Client, index: number) {
      for (let sequence = 0; sequence < MESSAGES_PER_CLIENT; sequence += 1) {
        const clientId = `storm-${index}-${String(sequence).padStart(3, '0')}`;
        for (let attempt = 0; ; attempt += 1) {
          const answer = await call(url, `/api/v1/chats/${client.chatId}/messages`, {
            token: client.token,
            body: { body: `message ${sequence}`, clientId },
          }).catch(() => undefined);
          if (answer && (answer.status === 201 || answer.status === 200)) {
            client.acked.set(clientId, answer.body.message.id);
            break;
          }
          if (attempt > 400) throw new Error(`gave up on ${clientId}`);
          await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 75));
        }
      }
    }
    const storms = clients.map((client, index) => storm(client, index));

    while (
      clients.reduce((sum, client) => sum + client.acked.size, 0) <
      (CLIENTS * MESSAGES_PER_CLIENT) / 3
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await server.stop('SIGKILL');
    const ackedBeforeCrash = clients.reduce((sum, client) => sum + client.acked.size, 0);
    server = await startServerProcess(env);
    servers.push(server);
    await Promise.all(storms);

    expect(ackedBeforeCrash).toBeLessThan(CLIENTS * MESSAGES_PER_CLIENT);
    for (const [index, client] of clients.entries()) {
      const page = await call(url, `/api/v1/chats/${client.chatId}/messages?limit=100`, {
        token: client.token,
      });
      const stored = (page.body.items as { id: string; clientId: string }[]).reverse();
      const expected = Array.from(
        { length: MESSAGES_PER_CLIENT },
        (_, sequence) => `storm-${index}-${String(sequence).padStart(3, '0')}`,
      );
      expect(stored.map((message) => message.clientId)).toEqual(expected);
      for (const message of stored) expect(client.acked.get(message.clientId)).toBe(message.id);
    }
  }, 120_000);
});
