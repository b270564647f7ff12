import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { offerTerms } from '../deals.js';
import { freePort, newDataDir, startServerProcess, type ServerProcess } from '../server-process.js';
import { signUpOverHttp } from '../sessions.js';
import { createPostgresTestDatabase } from '../test-database.js';

const CLIENTS = 3;
const MESSAGES_PER_CLIENT = 40;
/** Each client's negotiations with a second business during the storm, to a deal each. */
const DEALS_PER_CLIENT = 3;

interface Client {
  id: string;
  token: string;
  chatId: string;
  acked: Map<string, string>;
  /** The deal moves acknowledged, by client id: the message each one is. */
  dealMoves: Map<string, string>;
  deals: string[];
}

type Answer = { status: number; body: Record<string, any> };

/** Sends until acknowledged (200 or 201), the same client id each time, with a backoff. */
async function untilAcked(what: string, send: () => Promise<Answer>): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await send().catch(() => undefined);
    if (answer && (answer.status === 201 || answer.status === 200)) return answer;
    if (answer && answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    if (attempt > 400) throw new Error(`gave up on ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 75));
  }
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

  it('keeps every acknowledged message and deal move exactly once, in order per chat, each deal where its last move left it', async () => {
    const dataDir = await newDataDir('maya-crash-');
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
    const studio = await signUpOverHttp(url, {
      role: 'seller',
      email: `crash-studio-${stamp}@example.test`,
      password: 'storm proof passphrase',
      firstName: 'Storm',
      lastName: 'Studio',
      category: 'photography-events',
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
      const chat = await untilAcked(`the chat of buyer ${index}`, () =>
        call(url, '/api/v1/chats', { token: buyer.token, body: { partnerId: seller.user.id } }),
      );
      clients.push({
        id: buyer.user.id,
        token: buyer.token,
        chatId: chat.body.chat.id,
        acked: new Map(),
        dealMoves: new Map(),
        deals: [],
      });
    }

    // Each client sends in sequence and retries the same clientId with backoff until acknowledged.
    async function storm(client: Client, index: number) {
      for (let sequence = 0; sequence < MESSAGES_PER_CLIENT; sequence += 1) {
        const clientId = `storm-${index}-${String(sequence).padStart(3, '0')}`;
        const answer = await untilAcked(clientId, () =>
          call(url, `/api/v1/chats/${client.chatId}/messages`, {
            token: client.token,
            body: { body: `message ${sequence}`, clientId },
          }),
        );
        client.acked.set(clientId, answer.body.message.id);
      }
    }
    // Beside it, each client negotiates with the studio: its offer, three counters a side, and
    // the client's accept of the last; every move retried with its client id until acknowledged.
    async function negotiate(client: Client, index: number) {
      for (let deal = 0; deal < DEALS_PER_CLIENT; deal += 1) {
        const id = (move: number) => `deal-${index}-${deal}-${move}`;
        const offered = await untilAcked(id(0), () =>
          call(url, '/api/v1/deals', {
            token: studio.token,
            body: {
              partnerId: client.id,
              clientId: id(0),
              action: { type: 'offer', terms: offerTerms() },
            },
          }),
        );
        client.dealMoves.set(id(0), offered.body.message.id);
        const dealId = offered.body.deal.id as string;
        client.deals.push(dealId);
        for (let version = 1; version <= 7; version += 1) {
          const buyerMoves = version % 2 === 1;
          const action =
            version === 7
              ? { type: 'accept', version }
              : {
                  type: 'counter',
                  version,
                  terms: offerTerms({ title: `Version ${version + 1}` }),
                };
          const moved = await untilAcked(id(version), () =>
            call(url, `/api/v1/deals/${dealId}/actions`, {
              token: buyerMoves ? client.token : studio.token,
              body: { clientId: id(version), action },
            }),
          );
          client.dealMoves.set(id(version), moved.body.message.id);
        }
      }
    }
    const storms = clients.flatMap((client, index) => [
      storm(client, index),
      negotiate(client, index),
    ]);

    while (
      clients.reduce((sum, client) => sum + client.acked.size, 0) <
      (CLIENTS * MESSAGES_PER_CLIENT) / 3
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await server.stop('SIGKILL');
    const ackedBeforeCrash = clients.reduce((sum, client) => sum + client.acked.size, 0);
    const movesBeforeCrash = clients.reduce((sum, client) => sum + client.dealMoves.size, 0);
    server = await startServerProcess(env);
    servers.push(server);
    await Promise.all(storms);

    expect(ackedBeforeCrash).toBeLessThan(CLIENTS * MESSAGES_PER_CLIENT);
    // The kill came amid the negotiations too.
    expect(movesBeforeCrash).toBeGreaterThan(0);
    expect(movesBeforeCrash).toBeLessThan(CLIENTS * DEALS_PER_CLIENT * 8);
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

      // The deals: each move once, in order, as the message acknowledged; each deal agreed.
      const dealChat = await call(url, '/api/v1/chats', {
        token: client.token,
        body: { partnerId: studio.user.id },
      });
      const moves = await call(url, `/api/v1/chats/${dealChat.body.chat.id}/messages?limit=100`, {
        token: client.token,
      });
      const storedMoves = (moves.body.items as { id: string; clientId: string }[]).reverse();
      expect(storedMoves.map((message) => message.clientId)).toEqual(
        Array.from({ length: DEALS_PER_CLIENT }, (_, deal) =>
          Array.from({ length: 8 }, (_, move) => `deal-${index}-${deal}-${move}`),
        ).flat(),
      );
      for (const message of storedMoves) {
        expect(client.dealMoves.get(message.clientId)).toBe(message.id);
      }
      for (const dealId of client.deals) {
        const seen = await call(url, `/api/v1/deals/${dealId}`, { token: client.token });
        expect(seen.body.deal).toMatchObject({ status: 'upcoming' });
      }
    }
  }, 240_000);
});
